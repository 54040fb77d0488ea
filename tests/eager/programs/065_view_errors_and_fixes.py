# view on a non-contiguous tensor fails; reshape and contiguous().view succeed.
import torch

x = torch.arange(6).reshape(2, 3).t()
try:
    x.view(6)
except RuntimeError as e:
    print("RuntimeError:", e)
print(x.reshape(6))
print(x.contiguous().view(6))
print(x.view(3, 2).shape)
y = torch.arange(12).reshape(3, 4)[:, :2]
print(y.view(3, 2, 1).shape)
try:
    y.view(6)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.arange(6).view(4, -1)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.arange(6).view(-1, -1)
except RuntimeError as e:
    print("RuntimeError:", e)
