# float64 reductions printed at full precision via .item()/.tolist(): exact dyadic sums, sequential cumsum/cumprod.
import torch

x = torch.arange(1, 11, dtype=torch.float64) / 8
print(x.sum().item(), x.mean().item(), x.prod().item())
print(round(x.var().item(), 12), round(x.std().item(), 12))
print(x.norm().item(), round(torch.logsumexp(x, 0).item(), 12))
t = torch.arange(1, 11, dtype=torch.float64) / 10
print(t.cumsum(0).tolist())
print(t.cumprod(0).tolist()[:4])
y = torch.tensor([1e16, 1.0, -1e16], dtype=torch.float64)
print(y.cumsum(0).tolist())
print(torch.tensor([0.5, 0.25, 0.125], dtype=torch.float64).cumprod(0).tolist())
print(torch.tensor([0.1, 0.2], dtype=torch.float64).sum().item(), 0.1 + 0.2)
