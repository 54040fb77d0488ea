# cat and stack along different and negative dims, with empty tensors, hstack/vstack/dstack.
import torch

a = torch.arange(6).reshape(2, 3)
b = torch.arange(6, 12).reshape(2, 3)
print(torch.cat([a, b]))
print(torch.cat((a, b), dim=1))
print(torch.cat([a, b], -1).shape)
print(torch.cat([a, torch.zeros(0, 3, dtype=torch.int64)]).shape)
print(torch.cat([torch.tensor([]), torch.tensor([1.0, 2.0])]))
print(torch.stack([a, b]).shape, torch.stack([a, b], dim=1).shape, torch.stack([a, b], -1).shape)
print(torch.stack([a, b], dim=2))
print(torch.hstack([a, b]).shape, torch.vstack([a, b]).shape, torch.dstack([a, b]).shape)
print(torch.column_stack([torch.tensor([1, 2]), torch.tensor([3, 4])]))
print(torch.concat([a[:1], b[1:]]), torch.concatenate([a, b], axis=1).shape)
