# narrow, select, and basic slicing with steps, negative indices and out-of-range stops.
import torch

x = torch.arange(20).reshape(4, 5)
print(x.narrow(0, 1, 2))
print(x.narrow(1, -3, 2))
print(x.select(1, 2), x.select(0, -1))
print(x[1:3, ::2])
print(x[::3, 1::2])
print(x[-2:, -1])
print(x[:, -3:-1])
print(x[10:], x[1:100].shape)
print(x[..., 0], x[None].shape, x[:, None, 1].shape)
y = x[1::2, 1:4:2]
print(y, y.stride(), y.storage_offset())
print(x[2][3], x[2, 3].item())
z = torch.arange(10)
print(z[-3], z[-4:-1], z[::4], z[7:2])
