# Arithmetic on bool tensors: add/mul promote, sub and neg of bool tensors raise.
import torch

b = torch.tensor([True, False, True])
c = torch.tensor([True, True, False])
print(b + c)
print(b * c)
print(b & c, b | c, b ^ c, ~b)
print(b.sum(), b.sum().dtype)
print(b.float().mean())
print(b.int() - c.int())
try:
    print(b - c)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    print(-b)
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.tensor([3, 4]) * b[:2])
print(b.long().cumsum(0))
