# floor, ceil, round (half to even, decimals=), trunc, frac, sign on positive and negative values.
import torch

x = torch.tensor([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, -1.7, 1.2])
print(torch.floor(x))
print(torch.ceil(x))
print(torch.round(x))
print(torch.trunc(x))
print(torch.frac(x))
print(torch.sign(x), torch.sign(torch.tensor([0.0, -0.0])))
y = torch.tensor([1.2345, -2.5678, 10.05, 0.125], dtype=torch.float64)
print(torch.round(y, decimals=2))
print(torch.round(y, decimals=1))
print(torch.round(torch.tensor([1234.5, 1250.0]), decimals=-2))
print(torch.tensor([3, -3]).floor(), torch.tensor([3, -3]).sign())
print(torch.sgn(torch.tensor([-4.0, 0.0, 9.0])))
print(torch.fix(torch.tensor([-1.5, 1.5])))
