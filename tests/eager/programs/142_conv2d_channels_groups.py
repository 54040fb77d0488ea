# conv2d with several in/out channels, groups (including depthwise) and dilation.
import torch
import torch.nn.functional as F

x = torch.arange(2 * 4 * 4, dtype=torch.float32).reshape(1, 2, 4, 4) / 8
w = torch.arange(3 * 2 * 2 * 2, dtype=torch.float32).reshape(3, 2, 2, 2) / 10 - 1
print(F.conv2d(x, w))
print(F.conv2d(x, w, bias=torch.tensor([0.5, 0.0, -0.5]), padding=1).shape)
wg = torch.ones(4, 1, 2, 2)
print(F.conv2d(x, wg, groups=2))
dw = torch.tensor([[[[1.0, -1.0]]], [[[0.5, 0.5]]]])
print(F.conv2d(x, dw, groups=2))
print(F.conv2d(x, torch.ones(1, 2, 2, 2), dilation=2))
print(F.conv2d(x, torch.ones(1, 2, 3, 3), padding="same").shape, F.conv2d(x, torch.ones(1, 2, 3, 3), padding="valid").shape)
