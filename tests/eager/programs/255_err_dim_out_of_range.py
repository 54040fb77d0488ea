# Uncaught error: reduction over a dim outside [-2, 1] for a 2-d tensor.
import torch

x = torch.arange(6.0).reshape(2, 3)
for d in [0, 1, -1, -2]:
    print(d, x.sum(dim=d))
print(x.mean(dim=(0, 1)))
print(x.dim(), x.amax(-1), x.argmax(dim=0))
print(x.unsqueeze(2).sum(dim=2).shape)
print(x.sum(dim=2))
