# all and any over all elements and dims, on bool, int and float tensors, with empty inputs.
import torch

b = torch.tensor([[True, False, True], [True, True, True]])
print(b.all(), b.any())
print(b.all(0), b.all(1), b.any(dim=0))
print(b.all(dim=1, keepdim=True))
i = torch.tensor([[1, 0], [2, 3]])
print(i.all(), i.any(), i.all(1), torch.all(i, dim=0))
f = torch.tensor([0.0, float("nan")])
print(f.all(), f.any())
print(torch.tensor([], dtype=torch.bool).all(), torch.tensor([]).any())
print(torch.zeros(2, 0).all(1), torch.zeros(2, 0).any(1))
print((torch.arange(5) < 5).all().item(), bool((torch.arange(5) > 3).any()))
print(i.all().dtype, torch.tensor([1, 2], dtype=torch.uint8).all().dtype)
