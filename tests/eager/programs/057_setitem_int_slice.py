# Assignments x[idx] = v with int, slice, step slice and negative index, broadcasting values.
import torch

x = torch.zeros(3, 4)
x[0] = 1.0
x[1, 2] = 5.0
x[-1] = torch.tensor([1.0, 2.0, 3.0, 4.0])
print(x)
x[:, 0] = torch.tensor([7.0, 8.0, 9.0])
x[1:, 1::2] = -1.0
print(x)
x[..., -1] = 0
print(x)
y = torch.arange(10)
y[::3] = 0
y[-2:] = torch.tensor([100, 200])
print(y)
z = torch.zeros(2, 2, dtype=torch.int32)
z[0] = 2.7
print(z)
m = torch.zeros(2, 3)
m[:] = torch.tensor([[1.0], [2.0]])
print(m)
