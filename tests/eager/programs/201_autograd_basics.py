# requires_grad, is_leaf, grad_fn presence, .grad None before backward, and a simple backward.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w = torch.tensor(0.5, requires_grad=True)
c = torch.tensor([1.0, 1.0, 1.0])
print(x.requires_grad, x.is_leaf, x.grad_fn, x.grad)
y = (x * w + c).sum()
print(y.requires_grad, y.is_leaf, y.grad_fn is not None, c.requires_grad, c.is_leaf)
y.backward()
print(x.grad, w.grad, c.grad)
print(x.grad.requires_grad, x.grad.is_leaf)
z = x.detach() * 2
print(z.requires_grad, z.is_leaf, z.grad_fn)
