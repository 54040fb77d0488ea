# clamp with min only, max only, both, tensor bounds, min > max, and clamp_min/clamp_max/clip.
import torch

x = torch.tensor([-3.0, -1.0, 0.0, 2.0, 5.0])
print(torch.clamp(x, min=-1.5))
print(torch.clamp(x, max=1.0))
print(torch.clamp(x, -2.0, 2.0))
print(x.clamp(min=torch.tensor([0.0, -2.0, 1.0, 3.0, 4.0])))
print(torch.clamp(x, min=2.0, max=1.0))
print(torch.clamp_min(x, 0.5), torch.clamp_max(x, 0.5))
print(torch.clip(x, -1, 1))
i = torch.tensor([-5, 0, 5])
print(i.clamp(-2, 2), i.clamp(min=0.5))
print(torch.clamp(torch.tensor([float("nan"), 1.0]), 0.0, 0.5))
y = x.clone()
y.clamp_(min=0)
print(y)
y.clamp_max_(3.0)
print(y)
