# Setitem with broadcasting values, casting values into integer tensors, and tensor-valued scalars.
import torch

x = torch.zeros(2, 3, 4, dtype=torch.int64)
x[0] = torch.arange(4)
x[1, :, 1:3] = torch.tensor([[5], [6], [7]])
print(x)
x[:, 1] = torch.tensor(9)
print(x[:, 1])
f = torch.zeros(3)
f[torch.tensor(1)] = 2.5
f[2] = torch.tensor(7)
print(f)
b = torch.zeros(4, dtype=torch.bool)
b[1::2] = True
print(b)
h = torch.zeros(2, dtype=torch.float16)
h[0] = 1.0 / 3.0
print(h)
