# In-place ops on views (slices, transposes, diagonals) modify the base tensor.
import torch

x = torch.zeros(3, 3)
x[1].add_(1)
x[:, 2].mul_(0).add_(5)
x.t()[0].fill_(2)
print(x)
x.diagonal().copy_(torch.tensor([7.0, 8.0, 9.0]))
print(x)
row = x[0]
row.clamp_(max=4)
print(x)
y = torch.arange(6.0)
y.view(2, 3)[1].neg_()
print(y)
z = torch.ones(4)
z[1:3] += torch.tensor([10.0, 20.0])
print(z)
z.narrow(0, 0, 2).zero_()
print(z)
