# Modifying a tensor saved for backward in place makes backward fail with a version-counter error.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 2
c = b * b
b.add_(1)
try:
    c.sum().backward()
except RuntimeError as e:
    msg = str(e)
    print("RuntimeError:", msg.split("; ")[0])
    print("version" in msg, "is at version 1; expected version 0 instead" in msg)
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.exp()
y.add_(1)
try:
    y.sum().backward()
except RuntimeError as e:
    print("exp saved its output:", "modified by an inplace operation" in str(e))
z = x.sin()
z.add_(1)
z.sum().backward()
print("sin saves its input, so this works:", x.grad)
