# A small feature extractor: conv2d -> relu -> max_pool2d -> flatten on a deterministic batch.
import torch
import torch.nn.functional as F

x = (torch.arange(2 * 1 * 6 * 6, dtype=torch.float32).reshape(2, 1, 6, 6) % 5) - 2
w = torch.tensor([[[[0.0, 1.0, 0.0], [1.0, -4.0, 1.0], [0.0, 1.0, 0.0]]],
                  [[[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]]]) / 4
b = torch.tensor([0.0, -0.5])
h = F.conv2d(x, w, b, padding=1)
print(h.shape)
h = F.relu(h)
p = F.max_pool2d(h, 2)
print(p)
flat = p.flatten(1)
print(flat.shape, flat.sum(1))
print(F.avg_pool2d(h, 3).squeeze())
