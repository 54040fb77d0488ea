# softmax and log_softmax over different dims, with dtype=, large logits and -inf masking.
import torch
import torch.nn.functional as F

logits = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0], [1000.0, 0.0, -1000.0]])
print(F.softmax(logits, dim=1))
print(F.softmax(logits, dim=0))
print(F.log_softmax(logits, dim=-1))
print(torch.softmax(logits, 1).sum(1))
print(logits.softmax(-1).argmax(-1), logits.log_softmax(dim=0)[0])
mask = torch.tensor([[0.0, -float("inf"), 0.0]])
print(F.softmax(torch.tensor([[2.0, 5.0, 2.0]]) + mask, dim=-1))
i = torch.tensor([[1, 2, 3]])
print(F.softmax(i, dim=1, dtype=torch.float64))
h = logits[:1].half()
print(F.softmax(h, dim=1), F.softmax(h, dim=1, dtype=torch.float32))
print(F.softmin(torch.tensor([1.0, 2.0, 3.0]), dim=0))
print(torch.nn.Softmax(dim=1)(logits[:1]), torch.nn.LogSoftmax(dim=1)(logits[:1]))
