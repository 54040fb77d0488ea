# einsum for matrix product, batched matmul, transpose, trace, diagonal, dot, outer and sums.
import torch

a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(12.0).reshape(3, 4)
print(torch.einsum("ij,jk->ik", a, b))
x = torch.arange(12.0).reshape(2, 2, 3)
y = torch.arange(12.0).reshape(2, 3, 2)
print(torch.einsum("bij,bjk->bik", x, y))
sq = torch.arange(9.0).reshape(3, 3)
print(torch.einsum("ii->i", sq), torch.einsum("ii", sq))
print(torch.einsum("ij->ji", a))
v = torch.tensor([1.0, 2.0, 3.0])
print(torch.einsum("i,i->", v, v), torch.einsum("i,j->ij", v, v))
print(torch.einsum("ij->", a), torch.einsum("ij->j", a), torch.einsum("ij->i", a))
print(torch.einsum("...ij,...jk->...ik", x, y).shape)
print(torch.einsum("bij,jk->bik", x, b).shape)
