# linspace and logspace with various step counts, reversed ranges, integer dtypes and steps=1.
import torch

print(torch.linspace(0, 1, 5))
print(torch.linspace(-1, 1, 4))
print(torch.linspace(10, 0, 6))
print(torch.linspace(0, 1, 1), torch.linspace(3, 3, 3))
print(torch.linspace(0, 10, 5, dtype=torch.int64))
print(torch.linspace(0, 1, 11, dtype=torch.float64).tolist())
print(torch.logspace(0, 3, 4))
print(torch.logspace(0, 2, 3, base=2))
print(torch.linspace(0, 1, 0))
