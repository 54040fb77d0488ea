# F.conv2d with a single channel, bias, stride and padding on an integer-valued image.
import torch
import torch.nn.functional as F

img = torch.arange(25.0).reshape(1, 1, 5, 5)
k = torch.tensor([[[[1.0, 0.0, -1.0], [2.0, 0.0, -2.0], [1.0, 0.0, -1.0]]]])
print(F.conv2d(img, k))
print(F.conv2d(img, k, bias=torch.tensor([10.0])))
print(F.conv2d(img, k, stride=2))
print(F.conv2d(img, k, padding=1))
print(F.conv2d(img, k, stride=(1, 2), padding=(0, 1)))
print(F.conv2d(img, torch.ones(1, 1, 2, 2) / 4, stride=2))
print(F.conv2d(img[0], k).shape)
