# Printing nn.Parameter ("Parameter containing:") and tensors derived from parameters.
import torch
import torch.nn as nn

p = nn.Parameter(torch.tensor([1.0, 2.0]))
print(p)
print(repr(p))
q = nn.Parameter(torch.zeros(2, 2), requires_grad=False)
print(q)
print(p * 3)
print(p.data)
print(p.detach())
print(type(p).__name__, isinstance(p, torch.Tensor), p.requires_grad, p.is_leaf)
lin = nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.fill_(0.5)
    lin.bias.zero_()
print(lin.weight)
print(lin.bias)
print(lin(torch.tensor([[2.0, 4.0]])))
