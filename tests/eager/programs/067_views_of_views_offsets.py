# storage_offset and strides through chains of slicing, transposing and narrowing.
import torch

x = torch.arange(60).reshape(3, 4, 5)
a = x[1]
b = a[:, 2:]
c = b.t()
d = c[1:, ::2]
for name, t in [("a", a), ("b", b), ("c", c), ("d", d)]:
    print(name, tuple(t.shape), t.stride(), t.storage_offset())
print(d)
d.fill_(0)
print(x[1])
e = x.permute(2, 0, 1)[3, 1:, 1]
print(e, e.stride(), e.storage_offset())
