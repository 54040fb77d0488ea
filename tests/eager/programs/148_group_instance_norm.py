# F.group_norm with 1, 2 and C groups (layer-norm-like and instance-norm-like), and F.instance_norm.
import torch
import torch.nn.functional as F

x = (torch.arange(2 * 4 * 3, dtype=torch.float32).reshape(2, 4, 3) % 5) ** 2 + torch.arange(24.0).reshape(2, 4, 3) / 7
x = x * torch.tensor([1.0, -1.0, 2.0, 0.5]).reshape(1, 4, 1)
print(F.group_norm(x, 2))
print(F.group_norm(x, 1)[0])
print(F.group_norm(x, 4, weight=torch.tensor([1.0, 2.0, 3.0, 4.0]), bias=torch.zeros(4))[1])
print(F.instance_norm(x)[0])
img = torch.arange(32.0).reshape(1, 2, 4, 4)
print(F.group_norm(img, 2)[0, :, 0])
