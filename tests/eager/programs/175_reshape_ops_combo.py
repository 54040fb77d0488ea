# A patchify/unpatchify round trip with reshape, permute and flatten on a small image batch.
import torch

imgs = torch.arange(2 * 4 * 4).reshape(2, 1, 4, 4)
p = 2
B, C, H, W = imgs.shape
patches = imgs.reshape(B, C, H // p, p, W // p, p).permute(0, 2, 4, 1, 3, 5).reshape(B, (H // p) * (W // p), C * p * p)
print(patches.shape)
print(patches[0])
back = patches.reshape(B, H // p, W // p, C, p, p).permute(0, 3, 1, 4, 2, 5).reshape(B, C, H, W)
print(torch.equal(back, imgs))
print(imgs.unfold(2, 2, 2).unfold(3, 2, 2).shape)
print(imgs[1, 0, ::2, 1::2])
