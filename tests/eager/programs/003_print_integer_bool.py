# Printing integer and bool tensors of every width, with and without dtype= suffixes.
import torch

base = [[-3, 0, 7], [12, -128, 127]]
for dt in [torch.int8, torch.int16, torch.int32, torch.int64]:
    print(torch.tensor(base, dtype=dt))
print(torch.tensor([0, 1, 200, 255], dtype=torch.uint8))
print(torch.tensor([True, False, True]))
print(torch.tensor([[True], [False]]))
print(torch.tensor(True))
print(torch.tensor(5))
print(torch.tensor(5, dtype=torch.int32))
print(torch.tensor([1, 2, 3]) > 2)
print(torch.tensor([9223372036854775807, -9223372036854775807 - 1]))
print(torch.tensor([100000, -5, 42]))
print(torch.arange(10, dtype=torch.int16))
print(torch.tensor([1, 2], dtype=torch.uint8) - 3)
