# Uncaught error: torch.mm between an int64 and a float32 matrix.
import torch

counts = torch.arange(4).reshape(2, 2)
weights = torch.tensor([[0.5, 1.0], [2.0, 0.25]])
print(counts.float() @ weights)
print(counts @ counts)
print((counts * weights).dtype)
print(torch.mm(counts.to(weights.dtype), weights).dtype)
print(torch.mm(counts, weights))
