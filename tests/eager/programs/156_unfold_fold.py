# F.unfold (im2col) and F.fold round trip on a small image, plus conv2d through unfold + matmul.
import torch
import torch.nn.functional as F

img = torch.arange(16.0).reshape(1, 1, 4, 4)
cols = F.unfold(img, kernel_size=2, stride=2)
print(cols.shape)
print(cols)
back = F.fold(cols, output_size=(4, 4), kernel_size=2, stride=2)
print(torch.equal(back, img))
k = torch.tensor([[1.0, 2.0, 3.0, 4.0]])
print((k @ F.unfold(img, 2)).reshape(1, 1, 3, 3))
print(F.conv2d(img, k.reshape(1, 1, 2, 2)))
print(F.fold(torch.ones(1, 4, 9), (4, 4), 2))
