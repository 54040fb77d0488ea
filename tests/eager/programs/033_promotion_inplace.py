# In-place ops keep the destination dtype when the promoted type can be cast to it.
import torch

x = torch.tensor([1.5, 2.5])
x += torch.tensor([1, 2])
print(x, x.dtype)
x *= 2
print(x)
d = torch.tensor([1.0, 2.0], dtype=torch.float64)
d.add_(torch.tensor([0.5, 0.5]))
print(d)
h = torch.ones(3, dtype=torch.float16)
h.mul_(torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64))
print(h)
i = torch.tensor([1, 2, 3], dtype=torch.int32)
i += torch.tensor([10, 20, 30])
print(i, i.dtype)
i.mul_(3)
print(i)
u = torch.tensor([1, 2], dtype=torch.uint8)
u.add_(255)
print(u)
try:
    i += 0.5
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    torch.tensor([1, 2]).div_(2)
except RuntimeError as e:
    print(type(e).__name__, e)
