# Saturation of exp, sigmoid, tanh, softplus and log at extreme inputs.
import torch
import torch.nn.functional as F

x = torch.tensor([-1000.0, -100.0, -20.0, 0.0, 20.0, 100.0, 1000.0])
print(torch.exp(x))
print(torch.sigmoid(x))
print(torch.tanh(x))
print(F.softplus(x))
print(F.silu(x))
print(torch.log(torch.exp(x)))
print(torch.exp(torch.tensor([88.0, 89.0])), torch.exp(torch.tensor([709.0, 710.0], dtype=torch.float64)))
print(torch.expm1(torch.tensor([-1000.0])), torch.log1p(torch.tensor([-1.0, -2.0])))
