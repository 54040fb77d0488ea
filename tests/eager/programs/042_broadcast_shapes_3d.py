# Broadcasting with leading batch dims: (2,1,3)+(4,1), (5,1,1)*(1,2,3), and torch.broadcast_shapes.
import torch

a = torch.arange(6).reshape(2, 1, 3)
b = torch.arange(4).reshape(4, 1) * 10
c = a + b
print(c.shape)
print(c)
d = torch.ones(5, 1, 1) * torch.arange(6).reshape(1, 2, 3)
print(d.shape, d.sum())
print(torch.broadcast_shapes((2, 1, 3), (4, 1)))
print(torch.broadcast_shapes((1,), (3, 1), (2, 1, 1)))
print(torch.broadcast_shapes((0, 1), (1, 5)))
e = torch.zeros(3, 0) + torch.ones(1, 0)
print(e.shape, e)
