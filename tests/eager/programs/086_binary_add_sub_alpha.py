# add and sub with alpha, scalar and tensor operands, out-of-place and in-place, ints and floats.
import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([10.0, 20.0, 30.0])
print(torch.add(a, b))
print(torch.add(a, b, alpha=0.5))
print(torch.sub(b, a, alpha=2))
print(a.add(5), a.sub(1, alpha=3))
i = torch.tensor([1, 2, 3])
print(torch.add(i, i, alpha=2), torch.sub(i, 1, alpha=4))
a.add_(b, alpha=-0.25)
print(a)
print(torch.rsub(a, 1))
print(torch.add(torch.tensor(1), 2.5))
try:
    torch.add(i, i, alpha=0.5)
except RuntimeError as e:
    print("RuntimeError:", e)
