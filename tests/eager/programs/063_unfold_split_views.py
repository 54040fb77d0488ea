# split, chunk and unbind return views; writes through them reach the base; unfold windows.
import torch

x = torch.arange(10.0)
a, b = x.split([4, 6])
a[0] = -1.0
b.mul_(10)
print(x)
parts = x.chunk(3)
print([p.shape[0] for p in parts], [p.storage_offset() for p in parts])
rows = torch.zeros(2, 3).unbind(0)
rows[1].fill_(4.0)
print(rows)
w = torch.arange(8).unfold(0, 3, 2)
print(w)
print(w.stride())
m = torch.arange(16).reshape(4, 4).unfold(1, 2, 2)
print(m.shape, m[1])
