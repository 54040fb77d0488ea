# nan_to_num with defaults and explicit nan/posinf/neginf replacements, in float32 and float64.
import torch

x = torch.tensor([float("nan"), float("inf"), -float("inf"), 1.5])
print(torch.nan_to_num(x))
print(torch.nan_to_num(x, nan=0.0, posinf=100.0, neginf=-100.0))
print(x.nan_to_num(nan=-1.0))
d = x.double()
print(torch.nan_to_num(d))
h = x.half()
print(torch.nan_to_num(h))
y = x.clone()
y.nan_to_num_(0.0, 1.0, -1.0)
print(y)
print(torch.nan_to_num(torch.tensor([1, 2])))
