# Small exact linear algebra: trace, diag, det, inverse, solve, matrix_power and transpose of products.
import torch

A = torch.tensor([[4.0, 7.0], [2.0, 6.0]], dtype=torch.float64)
print(torch.trace(A), torch.diag(A), torch.diag(torch.tensor([1.0, 2.0])))
print(round(torch.linalg.det(A).item(), 9))
print(torch.linalg.inv(A))
b = torch.tensor([[1.0], [2.0]], dtype=torch.float64)
print(torch.linalg.solve(A, b))
print(torch.linalg.matrix_power(A, 3))
print(torch.matrix_power(torch.tensor([[1, 1], [1, 0]]), 10))
print(torch.allclose(A @ torch.linalg.inv(A), torch.eye(2, dtype=torch.float64)))
print(torch.diag_embed(torch.tensor([1, 2])), torch.diagflat(torch.tensor([3, 4]), 1))
print(torch.triu(A), torch.linalg.matrix_rank(A))
