# Deterministic nn.init functions: constant_, zeros_, ones_, eye_, dirac_ and calculate_gain values.
import torch
import torch.nn as nn

w = torch.empty(2, 3)
nn.init.constant_(w, 0.3)
print(w)
nn.init.zeros_(w)
print(w)
nn.init.ones_(w)
print(w)
nn.init.eye_(w)
print(w)
c = torch.empty(2, 1, 3)
nn.init.dirac_(c)
print(c)
for nl in ["linear", "relu", "tanh", "sigmoid", "leaky_relu", "selu"]:
    print(nl, round(nn.init.calculate_gain(nl), 6))
lin = nn.Linear(2, 2)
r = nn.init.constant_(lin.bias, -1.0)
print(r is lin.bias, lin.bias)
