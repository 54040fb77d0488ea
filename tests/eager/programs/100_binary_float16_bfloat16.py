# Binary arithmetic in float16 and bfloat16: rounding of results, overflow to inf in float16.
import torch

a = torch.tensor([1.0, 1000.0, 0.1, 60000.0], dtype=torch.float16)
b = torch.tensor([0.001, 1.0, 0.2, 10000.0], dtype=torch.float16)
print(a + b)
print(a * b)
print(a - b)
print(a / b)
c = a.to(torch.bfloat16)
d = b.to(torch.bfloat16)
print(c + d)
print(c * d)
print(c / d)
print((a + b).float() - (a.float() + b.float()))
print(torch.tensor([2048.0], dtype=torch.float16) + 1)
print(torch.tensor([256.0], dtype=torch.bfloat16) + 1)
