# Uncaught error: expand to a size that conflicts with a non-singleton dimension.
import torch

x = torch.ones(2, 1)
print(x.expand(2, 5).shape)
print(x.expand(-1, 3).shape)
print(x.expand(4, 2, 3).shape)
print(x.expand_as(torch.zeros(2, 7)).stride())
print(x.expand(3, 5))
print("unreachable")
