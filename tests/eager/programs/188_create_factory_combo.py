# Building structured tensors from factories: a checkerboard, a Vandermonde matrix, a causal mask and positions.
import torch

n = 4
r = torch.arange(n)
checker = (r[:, None] + r[None, :]) % 2
print(checker)
x = torch.tensor([1.0, 2.0, 3.0])
print(torch.vander(x, N=4), torch.vander(x, increasing=True))
mask = torch.ones(n, n, dtype=torch.bool).tril()
print(mask)
pos = torch.arange(6).float()[:, None] / torch.pow(10.0, torch.arange(0, 4, 2).float() / 4)
print(pos)
print(torch.zeros(2, 3).fill_(0.5), torch.ones(3, 3).fill_diagonal_(0))
