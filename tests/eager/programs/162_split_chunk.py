# split with an int size and a list of sizes, chunk with uneven sizes, tensor_split and dims.
import torch

x = torch.arange(10)
print(x.split(3))
print(x.split([2, 3, 5]))
print(torch.split(x, 4))
print(x.chunk(3))
print(x.chunk(4))
print(torch.chunk(torch.arange(5), 5))
print(torch.arange(6).chunk(4))
m = torch.arange(12).reshape(3, 4)
print(m.split(2, dim=1))
print(m.chunk(2, dim=0))
print(torch.tensor_split(x, 3), torch.tensor_split(x, [1, 4]))
try:
    x.split([2, 3])
except RuntimeError as e:
    print("RuntimeError:", e)
