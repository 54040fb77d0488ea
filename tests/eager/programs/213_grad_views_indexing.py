# Gradients through views, slicing, indexing with repeats, gather, expand, cat/stack and split.
import torch

x = torch.arange(6.0).requires_grad_()
y = x.view(2, 3)[:, 1:].t()
(y * torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()
print(x.grad)
x.grad = None
x[torch.tensor([0, 0, 5])].sum().backward()
print(x.grad)
x.grad = None
x.reshape(2, 3).gather(1, torch.tensor([[2, 2], [0, 1]])).sum().backward()
print(x.grad)
x.grad = None
parts = x.split(2)
torch.cat([parts[2], parts[0] * 10]).sum().backward()
print(x.grad)
x.grad = None
torch.stack([x, x * 2]).sum().backward()
print(x.grad)
x.grad = None
x[1:4].expand(2, 3).sum().backward()
print(x.grad)
