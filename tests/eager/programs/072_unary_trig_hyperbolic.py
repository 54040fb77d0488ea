# sin, cos, tan, asin, acos, atan, sinh, cosh, tanh on float tensors of several dtypes.
import math
import torch

x = torch.tensor([0.0, math.pi / 6, math.pi / 4, math.pi / 2, math.pi, -1.0])
print(torch.sin(x))
print(torch.cos(x))
print(torch.tan(x[:3]))
y = torch.tensor([-1.0, -0.5, 0.0, 0.5, 1.0])
print(torch.asin(y))
print(torch.acos(y))
print(torch.atan(y * 4))
print(torch.sinh(y), torch.cosh(y))
print(torch.tanh(torch.tensor([-20.0, -1.0, 0.0, 1.0, 20.0])))
print(torch.sin(x.double()))
print(torch.cos(torch.tensor([0.5, 1.5], dtype=torch.float16)))
print(torch.tensor([0, 1]).sin())
print(torch.asin(torch.tensor([2.0])))
