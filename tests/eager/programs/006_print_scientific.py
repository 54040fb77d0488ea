# Printing floats that switch to scientific notation: mixed magnitudes, very large and very small values.
import torch

print(torch.tensor([1e-5, 1.0, 1e5]))
print(torch.tensor([1e-10, 2e-10]))
print(torch.tensor([1e10, 1.0]))
print(torch.tensor([123456789.0, 1.5]))
print(torch.tensor([0.0001, 1000.0]))
print(torch.tensor([0.001, 999.0]))
print(torch.tensor([1e20, -3e-20, 0.0]))
print(torch.tensor(1e-8))
print(torch.tensor(3e38))
print(torch.tensor([1e300, 1e-300], dtype=torch.float64))
print(torch.tensor([[1e6, 2.0], [3.0, 4e-3]]))
print(torch.tensor([100000000.0, 2.0]))
print(torch.tensor([12345678.0, 1.0]))
print(torch.tensor([1e8, 1e9]))
