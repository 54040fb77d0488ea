# F.pad in constant (with value), reflect, replicate and circular modes, with 2-, 4- and 6-element pads.
import torch
import torch.nn.functional as F

x = torch.arange(6.0).reshape(1, 2, 3)
print(F.pad(x, (1, 2)))
print(F.pad(x, (1, 1, 1, 0), value=-1.0))
print(F.pad(x, (2, 1), mode="reflect"))
print(F.pad(x, (2, 1), mode="replicate"))
print(F.pad(x, (1, 1), mode="circular"))
img = torch.arange(9.0).reshape(1, 1, 3, 3)
print(F.pad(img, (1, 1, 1, 1), mode="reflect"))
print(F.pad(img, (0, 2, 1, 0), mode="replicate"))
print(F.pad(torch.ones(1, 1, 1, 2), (0, 0, 0, 0, 1, 1)))
print(F.pad(x, (-1, 1)))
print(F.pad(torch.tensor([1, 2]), (1, 1), value=7))
