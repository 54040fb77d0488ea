# Uncaught error: conv2d input whose channel count does not match the weight.
import torch
import torch.nn.functional as F

w = torch.ones(4, 3, 3, 3)
rgb = torch.ones(1, 3, 5, 5)
gray = torch.ones(1, 1, 5, 5)
print(F.conv2d(rgb, w).shape)
print(F.conv2d(gray.expand(1, 3, 5, 5), w).shape)
print(F.conv2d(gray, w))
