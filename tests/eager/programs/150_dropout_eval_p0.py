# Dropout is the identity in eval mode and with p=0; p=1 zeroes everything; alpha/feature dropout in eval.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.arange(1.0, 7.0).reshape(2, 3)
print(F.dropout(x, p=0.5, training=False))
print(F.dropout(x, p=0.0, training=True))
print(F.dropout(x, p=1.0, training=True))
d = nn.Dropout(0.3)
d.eval()
print(d(x), d.training)
print(d)
print(F.dropout2d(x.reshape(1, 2, 3, 1), p=0.5, training=False).shape)
print(F.alpha_dropout(x, 0.5, training=False))
print(nn.Dropout(p=0.0)(x))
