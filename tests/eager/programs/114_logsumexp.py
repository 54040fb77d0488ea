# logsumexp over dims and keepdim, stability with large inputs, compared with the naive formula.
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [1000.0, 1000.0, 1000.0]])
print(torch.logsumexp(x, dim=1))
print(x.logsumexp(0))
print(torch.logsumexp(x, dim=1, keepdim=True))
print(torch.log(torch.exp(x).sum(1)))
print(torch.logsumexp(torch.tensor([-float("inf"), -float("inf")]), 0))
print(torch.logsumexp(torch.tensor([0.0, 0.0, 0.0, 0.0], dtype=torch.float64), 0))
print(torch.logsumexp(x, dim=(0, 1)))
