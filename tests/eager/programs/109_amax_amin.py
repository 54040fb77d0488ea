# amax and amin over several dims with keepdim, and on int and bool tensors.
import torch

x = torch.tensor([[[1, 9, 3], [4, 2, 8]], [[7, 0, 5], [6, 11, -1]]])
print(x.amax(), x.amin())
print(x.amax(0))
print(x.amax(dim=(1, 2)), x.amin(dim=(0, -1)))
print(torch.amax(x, -1, keepdim=True))
f = x.float() / 2
print(f.amin(1))
b = torch.tensor([[True, False], [False, False]])
print(b.amax(1), b.amin(0))
print(torch.tensor([float("nan"), 1.0]).amax())
