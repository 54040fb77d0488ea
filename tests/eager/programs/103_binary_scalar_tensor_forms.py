# Binary functions accept a Python scalar in either position where PyTorch allows it.
import torch

x = torch.tensor([1.0, 4.0, 9.0])
print(torch.mul(x, 2), torch.mul(x, 0.5))
print(torch.maximum(x, torch.tensor(5.0)), torch.minimum(torch.tensor(5.0), x))
print(torch.pow(2, x), torch.pow(x, 2))
print(torch.remainder(x, 4), torch.fmod(x, 4))
print(torch.atan2(x, torch.tensor(1.0)))
print(torch.eq(x, 4), torch.lt(x, torch.tensor(5.0)))
print(torch.rsub(x, 10), torch.sub(x, 10))
print(x.add(torch.tensor(1)), x.mul(torch.tensor(True)))
