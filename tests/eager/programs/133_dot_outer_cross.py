# dot, vdot, inner, outer, cross, kron and tensordot on small exact inputs.
import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([4.0, -5.0, 6.0])
print(torch.dot(a, b), a.dot(b), torch.inner(a, b))
print(torch.outer(a, b))
print(torch.linalg.cross(a, b), torch.cross(a.reshape(1, 3), b.reshape(1, 3), dim=1))
print(torch.kron(torch.tensor([[1, 2], [3, 4]]), torch.eye(2, dtype=torch.int64)))
A = torch.arange(24.0).reshape(2, 3, 4)
B = torch.arange(12.0).reshape(4, 3)
print(torch.tensordot(A, B, dims=([1, 2], [1, 0])))
print(torch.tensordot(a, b, dims=1))
print(torch.dot(torch.tensor([2, 3]), torch.tensor([4, 5])))
print(torch.ger(a[:2], b[:2]))
