# Reflected (scalar on the left) arithmetic: 2 - x, 1 / x, 2 ** x, 10 // x, 7 % x with int and float tensors.
import torch

x = torch.tensor([1.0, 2.0, 4.0])
print(2 - x, 1 / x, 2 ** x, 10 // x, 7 % x)
print(2.5 * x, 0 - x, -1 + x)
i = torch.tensor([1, 2, 3])
print(10 - i, 10 // i, 10 % i, 2 ** i, 1 / i)
print(True + i, 1.5 - i)
print((3 - x).dtype, (3 - i).dtype, (3.0 - i).dtype)
h = torch.tensor([2.0], dtype=torch.float16)
print(1 / h, (1 / h).dtype)
z = torch.tensor(4)
print(100 // z, 100 % z, 2 ** z, 8 / z)
