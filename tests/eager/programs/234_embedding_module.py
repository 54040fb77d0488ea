# nn.Embedding with padding_idx: repr, padding row zeros, gradient masking and from_pretrained (frozen).
import torch
import torch.nn as nn

emb = nn.Embedding(5, 3, padding_idx=0)
print(emb)
print(emb.weight[0])
with torch.no_grad():
    emb.weight.copy_(torch.arange(15.0).reshape(5, 3))
ids = torch.tensor([[1, 0, 4], [2, 2, 0]])
out = emb(ids)
print(out.shape)
out.sum().backward()
print(emb.weight.grad)
pre = nn.Embedding.from_pretrained(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(pre, pre.weight.requires_grad)
print(pre(torch.tensor([1, 0, 1])))
print(nn.Embedding(10, 4, max_norm=1.0), nn.EmbeddingBag(10, 3, mode="sum"))
