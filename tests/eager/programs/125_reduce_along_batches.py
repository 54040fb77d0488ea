# Per-sample reductions over a batch of small images: spatial means, channel max and flat argmax.
import torch

imgs = (torch.arange(2 * 3 * 2 * 2, dtype=torch.float32).reshape(2, 3, 2, 2) % 7) / 7
print(imgs.mean(dim=(2, 3)))
print(imgs.amax(dim=(1, 2, 3)))
flat = imgs.flatten(1)
print(flat.argmax(1), flat.argmin(1))
print(imgs.sum(dim=1).shape, imgs.sum(dim=1))
print(imgs.std(dim=(2, 3), unbiased=False))
