# Uncaught error: nn.Linear applied to inputs with the wrong number of features.
import torch
import torch.nn as nn

layer = nn.Linear(4, 5)
print(layer)
print(layer(torch.ones(2, 4)).shape)
print(layer(torch.ones(7, 3, 4)).shape)
print(layer(torch.ones(2, 3)))
print("unreachable")
