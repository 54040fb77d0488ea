# Uncaught error: a GRU given an initial hidden state whose batch size does not match the input's.
import torch
import torch.nn as nn

gru = nn.GRU(3, 4, num_layers=2)
print(gru)
x = torch.zeros(5, 3, 3)
h0 = torch.zeros(2, 4, 4)
print(x.shape, h0.shape)
out, h = gru(x, h0)
print("unreachable")
