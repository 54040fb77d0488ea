# Dropout in training mode after manual_seed: which elements are zeroed and the 1/(1-p) scaling.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.ones(4, 5)
print(F.dropout(x, p=0.5, training=True))
drop = nn.Dropout(p=0.2)
drop.train()
y = drop(torch.arange(1.0, 11.0))
print(y)
print((y == 0).sum().item())
torch.manual_seed(0)
print(torch.equal(F.dropout(x, p=0.5, training=True), F.dropout(x, p=0.5, training=True)))
torch.manual_seed(5)
print(F.dropout(torch.full((2, 8), 2.0), p=0.25))
