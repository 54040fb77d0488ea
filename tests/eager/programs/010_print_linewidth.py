# Wrapping of long rows at the line width, and torch.set_printoptions(linewidth=...).
import torch

x = torch.arange(40) * 1.5
print(x)
print(torch.arange(100))
print(torch.arange(30).reshape(2, 15) * 1000)
torch.set_printoptions(linewidth=40)
print(x[:20])
print(torch.arange(24).reshape(2, 12))
torch.set_printoptions(linewidth=200)
print(x)
torch.set_printoptions(profile="default")
print(torch.linspace(0, 1, 25))
