# matmul in every case: 1d@1d, 1d@2d, 2d@1d, 2d@2d, batched@2d, 2d@batched, batched broadcast, 1d@batched.
import torch

v = torch.tensor([1.0, 2.0, 3.0])
M = torch.arange(6.0).reshape(3, 2)
N = torch.arange(6.0).reshape(2, 3)
B = torch.arange(24.0).reshape(4, 2, 3)
C = torch.arange(12.0).reshape(2, 1, 3, 2)
print(torch.matmul(v, v), (v @ v).shape)
print(v @ M, (v @ M).shape)
print(N @ v, (N @ v).shape)
print((N @ M).shape)
print((B @ M).shape, B @ M)
print((N @ B.transpose(1, 2)).shape)
print((C @ N).shape)
print((B @ C.transpose(-1, -2).expand(2, 4, 2, 3).transpose(-1, -2)).shape)
print((B @ v).shape, B @ v)
print((v @ B.transpose(1, 2)).shape)
print(torch.matmul(C, torch.ones(4, 2, 5)).shape)
