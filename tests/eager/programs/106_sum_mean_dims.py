# sum and mean over all elements, single dims, negative dims, dim lists and keepdim.
import torch

x = torch.arange(24.0).reshape(2, 3, 4)
print(x.sum(), x.mean())
print(x.sum(0))
print(x.sum(dim=1))
print(x.sum(-1))
print(x.sum((0, 2)), x.sum(dim=[1, 2]))
print(x.sum(1, keepdim=True).shape, x.mean((0, 1), keepdim=True).shape)
print(x.mean(-2))
print(torch.sum(x, dim=(-1, -3)))
print(x.sum(dim=()).shape)
print(torch.mean(x, 0, True))
e = torch.zeros(0, 3)
print(e.sum(), e.sum(0), e.mean(0))
