# max_pool2d with kernel/stride/padding/dilation, ceil_mode, and return_indices.
import torch
import torch.nn.functional as F

x = torch.tensor([[[[1.0, 5.0, 2.0, 0.0, 3.0],
                    [4.0, -1.0, 6.0, 7.0, 2.0],
                    [0.0, 8.0, 3.0, 1.0, 9.0],
                    [2.0, 2.0, 5.0, 4.0, 1.0],
                    [7.0, 0.0, 1.0, 6.0, 3.0]]]])
print(F.max_pool2d(x, 2))
print(F.max_pool2d(x, 2, ceil_mode=True))
print(F.max_pool2d(x, 3, stride=1))
print(F.max_pool2d(x, 3, stride=2, padding=1))
print(F.max_pool2d(x, 2, stride=1, dilation=2))
out, idx = F.max_pool2d(x, 2, return_indices=True)
print(out, idx)
print(F.max_pool1d(torch.tensor([[1.0, 3.0, 2.0, 5.0, 4.0]]), 2))
print(F.adaptive_max_pool2d(x, 2))
