# In-place ops broadcast the right operand but never the destination.
import torch

x = torch.zeros(2, 3)
x += torch.tensor([1.0, 2.0, 3.0])
print(x)
x.mul_(torch.tensor([[2.0], [3.0]]))
print(x)
x.sub_(torch.tensor(1.0))
print(x)
y = torch.ones(3)
try:
    y.add_(torch.ones(2, 3))
except RuntimeError as e:
    print("RuntimeError:", e)
z = torch.ones(1, 3)
try:
    z.mul_(torch.ones(3, 1))
except RuntimeError as e:
    print("RuntimeError:", e)
print(y, z)
