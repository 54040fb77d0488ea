# isnan, isinf, isfinite, isposinf, isneginf, signbit, logical_not and bitwise_not on several dtypes.
import torch

x = torch.tensor([1.0, float("nan"), float("inf"), -float("inf"), -0.0, 0.0])
print(torch.isnan(x))
print(torch.isinf(x))
print(torch.isfinite(x))
print(torch.isposinf(x), torch.isneginf(x))
print(torch.signbit(x))
print(torch.logical_not(x))
i = torch.tensor([0, 1, -2, 127], dtype=torch.int8)
print(torch.bitwise_not(i), ~i)
print(torch.logical_not(i))
print(~torch.tensor([True, False]))
print(torch.bitwise_not(torch.tensor([0, 255], dtype=torch.uint8)))
print(torch.isnan(torch.tensor([1, 2])), torch.isinf(torch.tensor([1, 2])))
print(x.isnan().any(), x.isnan().sum())
