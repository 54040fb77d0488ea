# Printing large int64 values, negative ints, int tensors needing wide columns, and summarised int tensors.
import torch

x = torch.tensor([2 ** 40, -(2 ** 35), 7])
print(x)
print(x * 1000)
print(torch.arange(0, 3000, 3))
print(torch.arange(-1500, 1500).reshape(30, 100))
print(torch.tensor([[1, 2, 3], [4, 5, 600000]]))
print(torch.full((2, 2), -9, dtype=torch.int16))
print(torch.arange(5, dtype=torch.uint8) * 60)
