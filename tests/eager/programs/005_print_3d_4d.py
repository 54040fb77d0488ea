# Printing 3-d and 4-d tensors: blank-line separators and nesting indentation.
import torch

x = torch.arange(24).reshape(2, 3, 4)
print(x)
print(x.float() / 10)
y = torch.arange(16).reshape(2, 2, 2, 2) - 8
print(y)
print(y.double() * 0.5)
z = torch.ones(1, 1, 1)
print(z)
w = torch.zeros(2, 1, 3, dtype=torch.bool)
print(w)
print(torch.arange(8).reshape(2, 2, 2) > 3)
