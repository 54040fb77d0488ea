# Summarisation of 3-d tensors, bool tensors and with a custom edgeitems.
import torch

x = torch.arange(2 * 30 * 40).reshape(2, 30, 40)
print(x)
b = torch.arange(1100) % 3 == 0
print(b)
torch.set_printoptions(edgeitems=1)
print(x.float())
torch.set_printoptions(profile="default")
y = torch.zeros(1001)
print(y)
print(torch.ones(5, 300))
