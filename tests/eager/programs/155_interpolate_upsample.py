# F.interpolate nearest and bilinear (align_corners both ways), scale_factor and size arguments.
import torch
import torch.nn.functional as F

x = torch.tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
print(F.interpolate(x, scale_factor=2, mode="nearest"))
print(F.interpolate(x, size=(3, 3), mode="bilinear", align_corners=True))
print(F.interpolate(x, size=(4, 4), mode="bilinear", align_corners=False))
print(F.interpolate(torch.tensor([[[1.0, 3.0, 5.0]]]), scale_factor=2, mode="linear", align_corners=False))
print(F.interpolate(x, size=(3, 2), mode="nearest"))
print(F.pixel_shuffle(torch.arange(8.0).reshape(1, 4, 1, 2), 2))
