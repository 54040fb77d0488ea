# sum of int and bool tensors promotes to int64; dtype= argument for sum/mean/prod/cumsum.
import torch

i8 = torch.tensor([100, 100, 100], dtype=torch.int8)
print(i8.sum(), i8.sum().dtype)
print(i8.sum(dtype=torch.int8))
b = torch.tensor([[True, False, True], [True, True, True]])
print(b.sum(), b.sum(0), b.sum(1).dtype)
u = torch.tensor([200, 100], dtype=torch.uint8)
print(u.sum(), u.prod(), u.cumsum(0))
f16 = torch.tensor([60000.0, 60000.0], dtype=torch.float16)
print(f16.sum(), f16.sum(dtype=torch.float32))
i = torch.tensor([1, 2, 3, 4])
print(i.sum(dtype=torch.float64), i.mean(dtype=torch.float32), i.float().mean())
try:
    i.mean()
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.tensor([1, 2], dtype=torch.int32).cumsum(0).dtype, i.prod(dtype=torch.float16))
