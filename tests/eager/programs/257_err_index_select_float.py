# Uncaught error: index_select with a float index tensor.
import torch

x = torch.arange(10) * 10
positions = torch.tensor([1.0, 3.0, 7.0])
print(x.index_select(0, positions.long()))
print(x[positions.int()])
print(x.gather(0, positions.long()))
print(x.index_select(0, positions))
print("unreachable")
