# Printing empty tensors: size (0,), (2, 0), (0, 3) with several dtypes.
import torch

print(torch.tensor([]))
print(torch.zeros(0))
print(torch.zeros(2, 0))
print(torch.zeros(0, 3))
print(torch.zeros(0, dtype=torch.int64))
print(torch.zeros(0, dtype=torch.int32))
print(torch.zeros(2, 0, dtype=torch.float64))
print(torch.zeros(0, dtype=torch.bool))
print(torch.ones(3, 0, 2))
e = torch.arange(6)[6:]
print(e, e.shape, e.numel())
print(torch.empty(0).tolist(), torch.zeros(2, 0).tolist())
x = torch.zeros(0, requires_grad=True)
print(x)
print(torch.tensor([], dtype=torch.float16))
