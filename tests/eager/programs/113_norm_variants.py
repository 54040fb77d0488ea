# norm with p=1, 2, inf, -inf, 'fro', dims and keepdim; torch.linalg.vector_norm and matrix_norm.
import torch

x = torch.tensor([[3.0, -4.0], [0.0, 12.0]])
print(x.norm(), torch.norm(x, p=1), torch.norm(x, p=float("inf")))
print(x.norm(dim=1), x.norm(p=1, dim=0), x.norm(p=float("inf"), dim=1))
print(torch.norm(x, p=2, dim=1, keepdim=True))
print(torch.norm(x, p="fro"))
print(torch.linalg.vector_norm(x), torch.linalg.vector_norm(x, ord=1, dim=1))
print(torch.linalg.vector_norm(x, ord=float("-inf"), dim=1), torch.linalg.vector_norm(x, ord=0))
print(torch.linalg.norm(torch.tensor([6.0, 8.0])), torch.linalg.matrix_norm(x, ord=1))
print(torch.tensor([1.0, 2.0, 2.0]).norm(p=3))
