# True division of integer tensors gives float; floor division and remainder keep ints.
import torch

a = torch.tensor([7, -7, 8, 0])
b = torch.tensor([2, 2, -3, 5])
print(a / b)
print((a / b).dtype)
print(a // b, (a // b).dtype)
print(a % b)
print(torch.div(a, b))
print(torch.true_divide(a, b))
print(a / 4)
print(torch.tensor([1, 2], dtype=torch.int32) / torch.tensor([3, 3], dtype=torch.int32))
print(torch.tensor([1, 2], dtype=torch.uint8) / 2)
x = torch.tensor([10, 20, 30])
x = x / 10
print(x, x.dtype)
print(torch.tensor(9) / torch.tensor(3))
print(torch.tensor([True, False]) / 2)
