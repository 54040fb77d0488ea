# prod, cumsum and cumprod along dims, including zeros, negatives and int overflow wrap in prod.
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 0.5, -1.0]])
print(x.prod(), x.prod(0), x.prod(1, keepdim=True))
print(x.cumsum(0))
print(x.cumsum(1))
print(x.cumprod(1))
print(x.cumsum(-1).cumprod(0))
i = torch.arange(1, 8)
print(i.cumprod(0), i.cumsum(0))
print(torch.arange(1, 25).prod())
print(torch.cumsum(torch.tensor([True, False, True]), 0))
print(torch.tensor([2.0, 0.0, 3.0]).cumprod(0))
y = torch.ones(3)
y.cumsum_(0)
print(y)
print(torch.logcumsumexp(torch.tensor([0.0, 0.0, 0.0]), 0))
