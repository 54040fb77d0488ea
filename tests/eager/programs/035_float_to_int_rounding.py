# Conversions between floats and ints: truncation toward zero, round half to even, and floor/ceil first.
import torch

x = torch.tensor([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.7, -3.7])
print(x.long())
print(torch.round(x))
print(torch.round(x).long())
print(torch.floor(x).long(), torch.ceil(x).long())
print(torch.trunc(x))
print(x.to(torch.int32))
y = torch.tensor([0.1, 0.7, 1e-9])
print(y.bool(), (y * 0).bool())
print(torch.tensor([16777217], dtype=torch.int64).float().long())
print(torch.tensor([16777217.0], dtype=torch.float64).float())
print(torch.tensor([2049], dtype=torch.int32).half(), torch.tensor([257]).bfloat16())
print(torch.tensor([0.3333333333333333], dtype=torch.float64).float().double())
