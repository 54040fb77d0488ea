# Integer-valued float tensors: when PyTorch prints '1.' style vs decimals vs scientific.
import torch

print(torch.tensor([1.0, 2.0, 3.0]))
print(torch.tensor([100000.0, 1.0]))
print(torch.tensor([1e7, 1.0]))
print(torch.tensor([1e8, 1.0]))
print(torch.tensor([1e9, 3.0]))
print(torch.tensor([-5.0, 0.0, 5.0]))
print(torch.tensor([[1.0, 2.0], [30.0, 400.0]]))
print(torch.tensor([2.0, 0.5]))
print(torch.tensor([1e16, 1.0], dtype=torch.float64))
print(torch.ones(3, dtype=torch.float64))
print(torch.full((2,), 1e5))
print(torch.tensor([0.0]))
