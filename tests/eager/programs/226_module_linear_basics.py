# nn.Linear: repr, parameter shapes, deterministic weights via no_grad copy_, forward, named_parameters.
import torch
import torch.nn as nn

lin = nn.Linear(3, 2)
print(lin)
print(lin.weight.shape, lin.bias.shape, lin.in_features, lin.out_features)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1.0, 0.0, -1.0], [0.5, 0.5, 0.5]]))
    lin.bias.fill_(0.25)
x = torch.tensor([[1.0, 2.0, 3.0], [0.0, -1.0, 4.0]])
print(lin(x))
for name, p in lin.named_parameters():
    print(name, tuple(p.shape), p.requires_grad)
nb = nn.Linear(4, 1, bias=False)
print(nb, nb.bias)
print(sum(p.numel() for p in lin.parameters()), len(list(nb.parameters())))
print(type(lin.weight).__name__, isinstance(lin, nn.Module))
