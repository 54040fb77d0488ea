# A chain of linear maps: composing matrices, applying to a batch, and checking associativity exactly with ints.
import torch

R = torch.tensor([[0, -1], [1, 0]])
S = torch.tensor([[2, 0], [0, 3]])
pts = torch.tensor([[1, 0], [0, 1], [1, 1], [2, -1]])
M = S @ R
print(M)
print(pts @ M.t())
print(torch.equal((pts @ R.t()) @ S.t(), pts @ (S @ R).t()))
R4 = torch.linalg.matrix_power(R, 4)
print(R4)
batch = torch.stack([R, S, M])
print(batch @ torch.tensor([1, 1]))
print(torch.einsum("bij,nj->bni", batch, pts)[2])
