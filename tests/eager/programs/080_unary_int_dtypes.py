# Unary ops on integer tensors: float-returning ops promote to float32; abs/neg keep the dtype.
import torch

i = torch.tensor([1, 4, 9], dtype=torch.int32)
for name in ["sqrt", "exp", "log", "sin", "sigmoid", "rsqrt"]:
    r = getattr(torch, name)(i)
    print(name, r.dtype, r)
print(torch.abs(i).dtype, torch.neg(i).dtype, torch.square(i).dtype)
u = torch.tensor([1, 2], dtype=torch.uint8)
print(torch.sqrt(u), torch.exp(u).dtype)
b = torch.tensor([True, False])
print(torch.exp(b), torch.sigmoid(b))
print(torch.tensor([2, 3]).float().pow(0.5))
