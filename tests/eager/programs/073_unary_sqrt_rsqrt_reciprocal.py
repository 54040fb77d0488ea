# sqrt, rsqrt, reciprocal, square, abs and neg on floats and ints including negatives and zero.
import torch

x = torch.tensor([0.0, 1.0, 4.0, 2.0, -1.0, 0.25])
print(torch.sqrt(x))
print(torch.rsqrt(x))
print(torch.reciprocal(x))
print(torch.square(x))
i = torch.tensor([-3, 0, 5])
print(i.abs(), i.neg(), -i, abs(i))
print(i.square(), i.sqrt(), i.reciprocal())
print(torch.tensor([-0.0, -2.5]).abs())
print(torch.tensor([-128, 127], dtype=torch.int8).abs())
print(torch.tensor([True, False]).sqrt())
print(x.double().sqrt())
