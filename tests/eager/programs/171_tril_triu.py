# tril and triu with positive and negative diagonals, on non-square and batched inputs, and tril_indices.
import torch

m = torch.arange(1, 13).reshape(3, 4)
print(torch.tril(m))
print(torch.triu(m))
print(m.tril(1))
print(m.triu(-1))
print(m.tril(-2), m.triu(3))
b = torch.ones(2, 3, 3)
print(b.triu(1).sum((1, 2)))
print(torch.tril_indices(3, 3), torch.triu_indices(3, 3, 1))
x = torch.ones(3, 3)
x.tril_(0)
print(x)
