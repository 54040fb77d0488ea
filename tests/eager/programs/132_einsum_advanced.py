# einsum with ellipsis broadcasting, repeated operands, three operands, list operand syntax and spaces.
import torch

A = torch.arange(8.0).reshape(2, 2, 2)
B = torch.arange(4.0).reshape(2, 2)
print(torch.einsum("...ij,jk->...ik", A, B))
print(torch.einsum("i...->...", A))
u = torch.tensor([1.0, 2.0])
v = torch.tensor([3.0, 4.0])
print(torch.einsum("i,ij,j->", u, B, v))
print(torch.einsum("ij,ij->ij", B, B), torch.einsum("ij, ij -> i", B, B))
print(torch.einsum("bhqd,bhkd->bhqk", torch.ones(1, 2, 3, 4), torch.ones(1, 2, 5, 4)).shape)
print(torch.einsum(A, [0, 1, 2], B, [2, 3], [0, 1, 3]))
i = torch.arange(4).reshape(2, 2)
print(torch.einsum("ij,jk->ik", i, i))
