# A feature-scaling pipeline built from unary ops: log1p, sqrt, tanh squashing and rounding.
import torch

counts = torch.tensor([[0, 3, 10], [250, 1, 42]])
logc = torch.log1p(counts.float())
print(logc)
scaled = logc / logc.max()
print(scaled)
sq = scaled.sqrt()
print(sq)
squash = torch.tanh(2 * (sq - 0.5))
print(squash)
print(torch.round(squash * 100) / 100)
print((squash > 0).long().sum(dim=1))
