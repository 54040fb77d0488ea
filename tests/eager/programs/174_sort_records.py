# Sorting records by key with argsort, then gathering other columns; ranking with double argsort.
import torch

ages = torch.tensor([34, 21, 45, 21, 30])
scores = torch.tensor([88.5, 92.0, 75.0, 60.5, 91.0])
order = torch.argsort(ages, stable=True)
print(order, ages[order], scores[order])
by_score = scores.argsort(descending=True, stable=True)
print(by_score)
rank = torch.empty_like(by_score)
rank[by_score] = torch.arange(len(by_score))
print(rank)
print(scores.argsort().argsort())
top2 = scores.topk(2)
print(top2.values, top2.indices)
print(torch.searchsorted(torch.tensor([20, 30, 40, 50]), ages))
print(torch.bucketize(ages, torch.tensor([25, 40]), right=True))
