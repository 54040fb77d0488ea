# Advanced indexing with lists, index tensors, bool masks, multiple index tensors, None and Ellipsis.
import torch

x = torch.arange(24).reshape(2, 3, 4)
print(x[[0, 1, 1]].shape)
print(x[:, [2, 0]])
print(x[torch.tensor([1, 0]), torch.tensor([2, 1])])
print(x[0, [0, 2], [1, 3]])
print(x[..., [0, -1]].shape, x[None, ..., 1].shape)
print(x[:, None, 1, :2].shape)
idx = torch.tensor([[0, 1], [2, 2]])
print(x[1, idx])
print(x[1, :, idx].shape)
print(x[:, [0, 1], [1, 2]].shape, x[[0], :, [1]].shape)
mask = torch.tensor([True, False, True])
print(x[:, mask].shape, x[1, mask])
m2 = x[0] > 5
print(x[0][m2])
print(x[x % 7 == 0])
print(x[torch.tensor(1)].shape, x[torch.tensor([True, False])].shape)
