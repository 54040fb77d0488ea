# Uncaught error: reshape to a shape whose element count differs ("shape '[5]' is invalid for input of size 6").
import torch

x = torch.arange(6)
print(x.numel(), x.shape)
print(x.view(2, 3).reshape(-1).shape)
for shape in [(2, 3), (3, 2), (6,), (1, -1), (5,)]:
    y = x.reshape(shape)
    print(shape, "->", tuple(y.shape))
print("unreachable")
