# Tensor._version increments on in-place updates and is shared between a base and its views.
import torch

x = torch.zeros(4)
print(x._version)
x.add_(1)
print(x._version)
x[0] = 5
print(x._version)
v = x[1:]
print(v._version)
v.mul_(2)
print(x._version, v._version)
y = x + 1
print(y._version)
x.zero_()
print(x._version, v._version)
w = x.view(2, 2)
w.fill_(3)
print(x._version, w._version)
with torch.no_grad():
    x.add_(1)
print(x._version)
print(x)
