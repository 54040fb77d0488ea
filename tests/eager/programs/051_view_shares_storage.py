# view() aliases its base: writes through either side are visible in the other; -1 inference.
import torch

base = torch.arange(12.0)
v = base.view(3, 4)
print(v)
v[1, 2] = -1.0
print(base)
base[0] = 100.0
print(v[0])
w = v.view(-1, 6)
print(w.shape, w.stride())
print(v.view(2, -1, 2).shape)
print(base.data_ptr() == v.data_ptr(), v.data_ptr() == w.data_ptr())
print(v._base is base, w._base is base, base._base is None)
u = base.view(torch.int32)[:2]
print(u.dtype, u.shape)
