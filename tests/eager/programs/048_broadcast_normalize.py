# A realistic use: per-column normalisation and pairwise distances computed through broadcasting.
import torch

data = torch.tensor([[1.0, 10.0, 100.0], [2.0, 20.0, 300.0], [3.0, 60.0, 200.0], [6.0, 30.0, 400.0]])
mean = data.mean(dim=0, keepdim=True)
std = data.std(dim=0, keepdim=True)
print(mean)
print(std)
z = (data - mean) / std
print(z)
pts = torch.tensor([[0.0, 0.0], [3.0, 4.0], [6.0, 8.0]])
diff = pts[:, None, :] - pts[None, :, :]
print(diff.shape)
dist = (diff ** 2).sum(-1).sqrt()
print(dist)
