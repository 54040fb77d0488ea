# floor_divide, remainder (Python sign rules) and fmod (C sign rules) with negative operands.
import torch

a = torch.tensor([5, -5, 5, -5, 0])
b = torch.tensor([3, 3, -3, -3, 3])
print(torch.floor_divide(a, b), a // b)
print(torch.remainder(a, b), a % b)
print(torch.fmod(a, b))
af = a.float() + 0.5
bf = b.float()
print(af // bf)
print(torch.remainder(af, bf))
print(torch.fmod(af, bf))
print(torch.remainder(torch.tensor([-1.0, 1.0]), 0.75), torch.fmod(torch.tensor([-1.0, 1.0]), 0.75))
print(torch.remainder(-7, torch.tensor([3, -3])))
print(torch.fmod(torch.tensor([5.0]), 0.0), torch.remainder(torch.tensor([5.0]), 0.0))
print(torch.tensor([7.5]) % 2, 7.5 % torch.tensor([2.0]))
try:
    print(torch.tensor([5]) // torch.tensor([0]))
except RuntimeError as e:
    print("RuntimeError:", e)
