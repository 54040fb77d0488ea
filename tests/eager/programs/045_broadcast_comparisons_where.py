# Broadcasting in comparisons, torch.where with three different shapes, and masked operations.
import torch

scores = torch.tensor([[0.2, 0.8, 0.5], [0.9, 0.1, 0.4]])
thresh = torch.tensor([[0.3], [0.5]])
mask = scores > thresh
print(mask)
print(torch.where(mask, scores, torch.tensor(0.0)))
print(torch.where(scores > torch.tensor([0.15, 0.5, 0.45]), 1, -1))
print(torch.where(torch.tensor([[True], [False]]), torch.arange(3), torch.arange(3) * 10))
print((scores == scores.max(dim=1, keepdim=True).values).int())
print(scores.masked_fill(scores < thresh, -1.0))
