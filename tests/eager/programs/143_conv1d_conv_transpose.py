# conv1d with padding/stride, and conv_transpose2d/conv_transpose1d upsampling with stride and output_padding.
import torch
import torch.nn.functional as F

sig = torch.tensor([[[1.0, 2.0, 3.0, 4.0, 5.0]]])
print(F.conv1d(sig, torch.tensor([[[1.0, 0.0, -1.0]]])))
print(F.conv1d(sig, torch.tensor([[[0.5, 0.5]]]), stride=2, padding=1))
print(F.conv_transpose1d(torch.tensor([[[1.0, 2.0]]]), torch.tensor([[[1.0, 1.0, 1.0]]]), stride=2))
x = torch.tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
w = torch.ones(1, 1, 2, 2)
print(F.conv_transpose2d(x, w))
print(F.conv_transpose2d(x, w, stride=2))
print(F.conv_transpose2d(x, torch.ones(1, 2, 3, 3), stride=2, padding=1, output_padding=1).shape)
