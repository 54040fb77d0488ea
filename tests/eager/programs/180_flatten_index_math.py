# Converting between flat and multi-dimensional indices with unravel_index, divmod and stride math.
import torch

x = torch.tensor([[7, 2, 9], [4, 9, 1]])
flat = x.argmax()
print(flat, torch.unravel_index(flat, x.shape))
r, c = divmod(int(flat), x.shape[1])
print(r, c, x[r, c])
idx = torch.arange(6)
print(torch.unravel_index(idx, (2, 3)))
rows = idx // 3
cols = idx % 3
print(rows, cols, (rows * x.stride(0) + cols * x.stride(1)).tolist())
