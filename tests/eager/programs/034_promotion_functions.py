# Promotion in torch.where, torch.cat, torch.stack, clamp and maximum with mixed dtypes.
import torch

a = torch.tensor([1, 2, 3], dtype=torch.int32)
b = torch.tensor([0.5, 1.5, 2.5], dtype=torch.float64)
cond = torch.tensor([True, False, True])
print(torch.where(cond, a, b))
print(torch.where(cond, a, 0))
print(torch.where(cond, a, 0.5))
print(torch.cat([a, torch.tensor([4.5])]))
print(torch.cat([torch.tensor([1], dtype=torch.int8), torch.tensor([2], dtype=torch.uint8)]).dtype)
print(torch.stack([a, a.long()]).dtype)
print(torch.maximum(a, torch.tensor([2.5, 2.5, 2.5])))
print(torch.minimum(torch.tensor([1, 5], dtype=torch.uint8), torch.tensor([3, 3], dtype=torch.int8)))
print(a.clamp(min=1.5))
print(torch.clamp(a, max=2))
print(torch.lerp(torch.tensor([0.0, 1.0]), torch.tensor([10.0, 11.0]), 0.5).dtype)
print(torch.tensor([1, 2]).add(torch.tensor([1.0, 2.0], dtype=torch.float16)))
