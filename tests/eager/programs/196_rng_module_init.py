# Default parameter initialisation of nn.Linear, nn.Conv2d and nn.Embedding after manual_seed.
import torch
import torch.nn as nn

torch.manual_seed(0)
lin = nn.Linear(3, 2)
print(lin.weight)
print(lin.bias)
conv = nn.Conv2d(1, 2, 2)
print(conv.weight)
print(conv.bias)
emb = nn.Embedding(4, 3)
print(emb.weight)
torch.manual_seed(0)
lin2 = nn.Linear(3, 2)
print(torch.equal(lin.weight, lin2.weight))
ln = nn.LayerNorm(3)
print(ln.weight, ln.bias)
