# nonzero (default and as_tuple), argwhere and the single-argument torch.where.
import torch

x = torch.tensor([[0, 3, 0], [4, 0, 5]])
print(torch.nonzero(x))
print(x.nonzero(as_tuple=True))
print(torch.argwhere(x))
print(torch.where(x > 0))
print(torch.where(torch.tensor([False, True, True])))
print(torch.nonzero(torch.tensor([0.0, 1.5, -2.0, 0.0])))
print(torch.nonzero(torch.zeros(2, 2)).shape)
print(torch.tensor(5).nonzero(), torch.tensor(0).nonzero().shape)
r, c = torch.where(torch.eye(3) == 1)
print(r.tolist(), c.tolist())
