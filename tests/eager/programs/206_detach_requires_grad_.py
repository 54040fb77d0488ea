# detach shares data but stops gradients; requires_grad_ turns tracking on for a leaf.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 3
c = b.detach()
print(c.requires_grad, c.grad_fn)
d = (b + c * 10).sum()
d.backward()
print(a.grad)
e = torch.tensor([4.0, 5.0])
print(e.requires_grad)
e.requires_grad_()
print(e.requires_grad, e.is_leaf)
(e * e).sum().backward()
print(e.grad)
f = torch.tensor([1.0]).requires_grad_(True)
f2 = f.detach()
print(f2.requires_grad, f.requires_grad)
g = b.detach().requires_grad_()
print(g.is_leaf, g.requires_grad)
