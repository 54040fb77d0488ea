# roll (with and without dims, multiple shifts), flip, fliplr, flipud and rot90.
import torch

x = torch.arange(1, 10).reshape(3, 3)
print(torch.roll(x, 1))
print(torch.roll(x, -1, 0))
print(x.roll(shifts=(1, 2), dims=(0, 1)))
print(torch.flip(x, [0]), x.flip(0, 1))
print(torch.fliplr(x), torch.flipud(x))
print(torch.rot90(x), torch.rot90(x, 2), torch.rot90(x, -1, [0, 1]))
print(torch.roll(torch.arange(5), 7))
