# Gradients of broadcast operands are summed back to their original shapes.
import torch

a = torch.ones(3, 1, requires_grad=True)
b = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
c = torch.tensor(2.0, requires_grad=True)
out = (a * b + c) ** 2
print(out.shape)
out.sum().backward()
print(a.grad)
print(b.grad)
print(c.grad)
x = torch.arange(3.0, requires_grad=True)
y = x.expand(2, 3) * torch.tensor([[1.0], [10.0]])
y.sum().backward()
print(x.grad)
