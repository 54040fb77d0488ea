# Printing float32 tensors: 0-d, 1-d, 2-d, integer-valued floats, negatives, repr vs str.
import torch

a = torch.tensor([1.0, 2.0, 3.0])
print(a)
print(repr(a))
print(str(a) == repr(a))
b = torch.tensor([0.5, -1.25, 3.0])
print(b)
c = torch.tensor([[1.0, -2.0], [3.5, 4.0]])
print(c)
print(torch.tensor(2.5))
print(torch.tensor(-0.125))
print(torch.tensor(7.0))
d = torch.arange(12).reshape(3, 4) / 4
print(d)
e = torch.tensor([[0.001, 0.01], [0.1, 1.0]])
print(e)
print(torch.tensor([1.0, 10.0, 100.0, 1000.0]))
print(torch.tensor([0.1, 0.2, 0.3]) * 3)
print(torch.tensor([123.456, -0.5]))
