# Uncaught error: in-place op whose promoted result type (float) cannot be cast to the int destination.
import torch

counts = torch.tensor([1, 2, 3])
counts += torch.tensor([1, 1, 1])
print(counts)
counts *= 2
print(counts, counts.dtype)
scaled = counts * 1.5
print(scaled, scaled.dtype)
counts *= 1.5
