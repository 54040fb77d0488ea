# Results of ops under no_grad are leaves; requires_grad propagates only through tracked ops.
import torch

w = torch.ones(2, requires_grad=True)
with torch.no_grad():
    a = w * 2
print(a.requires_grad, a.is_leaf)
b = a + w
print(b.requires_grad, b.is_leaf, b.grad_fn.name())
c = torch.zeros(2) + torch.ones(2)
print(c.requires_grad, c.is_leaf)
d = w.detach()
d2 = d * w
print(d2.requires_grad)
print(torch.tensor([1.0]).requires_grad_(False).requires_grad)
try:
    (w * 2).requires_grad_(False)
except RuntimeError as e:
    print("RuntimeError:", e)
