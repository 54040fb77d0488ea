# block_diag, diag with offsets, diagonal with dims, and cartesian_prod / combinations / meshgrid.
import torch

print(torch.block_diag(torch.tensor([[1, 2]]), torch.tensor([[3], [4]])))
print(torch.diag(torch.tensor([1, 2, 3]), 1))
print(torch.diag(torch.arange(9).reshape(3, 3), -1))
x = torch.arange(24).reshape(2, 3, 4)
print(x.diagonal(dim1=1, dim2=2), torch.diagonal(x, 1, 0, 2))
print(torch.cartesian_prod(torch.tensor([1, 2]), torch.tensor([3, 4])))
print(torch.combinations(torch.tensor([1, 2, 3])))
gx, gy = torch.meshgrid(torch.tensor([1, 2, 3]), torch.tensor([4, 5]), indexing="ij")
print(gx, gy)
gx, gy = torch.meshgrid(torch.tensor([1, 2, 3]), torch.tensor([4, 5]), indexing="xy")
print(gx.shape, gy)
