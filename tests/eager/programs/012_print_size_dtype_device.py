# torch.Size, .shape, .dtype, .device and dtype reprs; Size behaves like a tuple.
import torch

x = torch.zeros(2, 3, 4)
print(x.shape)
print(x.size())
print(repr(x.shape), str(x.shape))
print(x.size(1), x.size(-1), x.dim(), x.ndim, x.numel())
print(x.shape[0], x.shape[1:], len(x.shape))
print(x.shape == (2, 3, 4), x.shape == torch.Size([2, 3, 4]))
print(torch.Size([]), torch.Size([5]))
print(tuple(x.shape), list(x.shape))
print(x.dtype, x.device)
print(repr(x.device), str(x.device), x.device.type)
print(torch.float32, torch.float, torch.float64, torch.double, torch.int64, torch.long)
print(torch.int32, torch.int, torch.bool, torch.float16, torch.half, torch.bfloat16, torch.uint8, torch.int8)
print(torch.float32 == torch.float, torch.int64 is torch.long)
print(x.dtype.is_floating_point, torch.int32.is_floating_point)
print(torch.tensor([1, 2]).element_size(), torch.tensor([1.0]).element_size())
print(type(x).__name__, isinstance(x, torch.Tensor))
print(torch.get_default_dtype())
a, b, c = x.shape
print(a + b + c)
