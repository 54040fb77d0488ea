# Uncaught error: integer index past the end of a dimension, reached by an off-by-one loop.
import torch

scores = torch.tensor([0.5, 0.25, 0.25])
total = 0.0
for i in range(len(scores) + 1):
    value = scores[i].item()
    total += value
    print(i, value, total)
print("unreachable", total)
