# avg_pool2d with ceil_mode, count_include_pad, divisor_override, and adaptive_avg_pool2d.
import torch
import torch.nn.functional as F

x = torch.arange(25.0).reshape(1, 1, 5, 5)
print(F.avg_pool2d(x, 2))
print(F.avg_pool2d(x, 2, ceil_mode=True))
print(F.avg_pool2d(x, 3, stride=2, padding=1))
print(F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False))
print(F.avg_pool2d(x, 2, stride=2, padding=1, ceil_mode=True, count_include_pad=False))
print(F.avg_pool2d(x, 2, divisor_override=1))
print(F.adaptive_avg_pool2d(x, (2, 3)))
print(F.adaptive_avg_pool2d(x, 1).flatten())
print(F.avg_pool1d(torch.tensor([[[1.0, 2.0, 3.0, 4.0, 5.0]]]), 2, ceil_mode=True))
