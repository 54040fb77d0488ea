# torch.broadcast_to and torch.broadcast_tensors returning views of common shape.
import torch

a = torch.tensor([1, 2, 3])
print(torch.broadcast_to(a, (2, 3)))
print(a.broadcast_to(2, 1, 3).shape)
x = torch.arange(2).reshape(2, 1)
y = torch.arange(3)
bx, by = torch.broadcast_tensors(x, y)
print(bx)
print(by)
print(bx.shape, by.shape, bx.stride(), by.stride())
p, q, r = torch.broadcast_tensors(torch.tensor(1.0), torch.zeros(2, 1), torch.ones(3))
print(p, q, r, sep="\n")
