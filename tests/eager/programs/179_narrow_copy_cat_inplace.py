# Building a tensor incrementally: narrow + copy_ into a preallocated buffer versus cat in a loop.
import torch

parts = [torch.full((2,), float(i)) for i in range(4)]
buf = torch.zeros(8)
offset = 0
for p in parts:
    buf.narrow(0, offset, p.numel()).copy_(p)
    offset += p.numel()
print(buf)
acc = torch.empty(0)
for p in parts:
    acc = torch.cat([acc, p * 2])
print(acc)
grid = torch.zeros(3, 3, dtype=torch.int64)
for i in range(3):
    grid[i, i:] = torch.arange(i, 3)
print(grid)
