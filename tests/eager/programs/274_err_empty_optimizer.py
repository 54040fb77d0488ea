# Uncaught error: constructing an optimizer with an empty parameter list.
import torch
import torch.nn as nn

model = nn.Sequential(nn.ReLU(), nn.Flatten())
params = list(model.parameters())
print(params, len(params))
print(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
print("unreachable")
