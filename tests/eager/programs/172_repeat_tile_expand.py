# repeat, tile, repeat_interleave (scalar and tensor repeats, dims) and expand vs repeat memory.
import torch

x = torch.tensor([[1, 2], [3, 4]])
print(x.repeat(2, 3))
print(x.repeat(2, 1, 1).shape)
print(torch.tile(x, (2,)), torch.tile(torch.tensor([1, 2]), (2, 2)))
print(torch.repeat_interleave(torch.tensor([1, 2, 3]), 2))
print(x.repeat_interleave(2, dim=0))
print(torch.repeat_interleave(torch.tensor([5, 6, 7]), torch.tensor([1, 0, 3])))
print(torch.repeat_interleave(torch.tensor([2, 1])))
r = x.repeat(1, 2)
r[0, 0] = 100
print(x[0, 0].item(), r.is_contiguous())
