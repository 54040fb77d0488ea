# max/min with a dim return (values, indices) namedtuples; their repr, fields, unpacking and ties.
import torch

x = torch.tensor([[3.0, 7.0, 7.0], [9.0, -1.0, 2.0]])
r = torch.max(x, dim=1)
print(r)
print(r.values, r.indices)
print(r[0], r[1], len(r))
values, indices = x.min(dim=0)
print(values, indices)
print(type(r).__name__)
print(x.max(), x.min())
print(x.max(1, keepdim=True))
print(torch.min(x, -1))
print(torch.tensor([1, 5, 5, 2]).max(0))
print(torch.tensor([[True, False]]).max(1))
