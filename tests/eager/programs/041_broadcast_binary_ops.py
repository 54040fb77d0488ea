# Broadcasting of binary arithmetic ops across shapes (3,1)x(1,4), (2,3)x(3,), scalars and 0-d tensors.
import torch

col = torch.arange(3).reshape(3, 1).float()
row = torch.arange(4).float()
print(col + row)
print(col * row)
print(row - col)
print(col / (row + 1))
m = torch.arange(6).reshape(2, 3)
print(m + torch.tensor([10, 20, 30]))
print(m * torch.tensor([[2], [3]]))
print(m - torch.tensor(1))
print(torch.tensor([[1.0], [2.0]]) ** torch.tensor([1.0, 2.0, 3.0]))
print(torch.maximum(col, row / 2))
print((col + row).shape, (m + torch.ones(1, 1, 3)).shape)
