# zeros, ones, full and empty with size tuples/lists/varargs, dtype= and fill-value dtype inference.
import torch

print(torch.zeros(2, 3))
print(torch.zeros((2, 3)).shape, torch.zeros([4]).shape, torch.zeros(torch.Size([1, 2])).shape)
print(torch.ones(3, dtype=torch.int32))
print(torch.ones(2, 2, dtype=torch.bool))
print(torch.full((2, 2), 7))
print(torch.full((2,), 2.5), torch.full((2,), True), torch.full((1,), 3, dtype=torch.float64))
print(torch.full((2, 3), 7).dtype, torch.full((2, 3), 7.0).dtype)
e = torch.empty(3, 4)
print(e.shape, e.dtype, e.requires_grad)
e2 = torch.empty((2, 0), dtype=torch.int64)
print(e2.shape, e2.dtype, e2)
print(torch.zeros(()), torch.ones([]), torch.full((), -1))
print(torch.zeros(2, 3, requires_grad=True).requires_grad)
print(torch.empty_strided((2, 3), (1, 2)).stride())
