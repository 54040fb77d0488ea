# Uncaught error: torch.cat of tensors whose non-cat dimensions differ.
import torch

a = torch.zeros(2, 3)
b = torch.ones(2, 2)
print(torch.cat([a, b], dim=1).shape)
print(torch.cat([a, a]).shape)
print(torch.cat([a, torch.zeros(0, 3)]).shape)
print(torch.cat([a, b]).shape)
print("unreachable")
