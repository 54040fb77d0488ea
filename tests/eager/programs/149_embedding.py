# F.embedding lookups with 1-d and 2-d indices, padding_idx, max_norm, and one_hot.
import torch
import torch.nn.functional as F

table = torch.arange(15.0).reshape(5, 3)
idx = torch.tensor([[0, 2, 4], [1, 1, 3]])
print(F.embedding(idx, table))
print(F.embedding(torch.tensor([3, 0]), table))
w = table.clone().requires_grad_(True)
out = F.embedding(torch.tensor([0, 2, 0, 1]), w, padding_idx=0)
out.sum().backward()
print(w.grad)
print(F.one_hot(torch.tensor([0, 2, 1])))
print(F.one_hot(torch.tensor([1, 3]), num_classes=5))
nt = torch.tensor([[3.0, 4.0], [0.3, 0.4]])
print(F.embedding(torch.tensor([0, 1]), nt.clone(), max_norm=1.0))
