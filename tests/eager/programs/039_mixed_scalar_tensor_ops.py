# Scalar-first operator forms and Python number results with different tensor dtypes.
import torch

i = torch.tensor([1, 2, 4], dtype=torch.int16)
print(10 - i, (10 - i).dtype)
print(1.0 / i, (1.0 / i).dtype)
print(3 * i, 2 ** i, 2.0 ** i)
print(7 // i, 7 % i)
f = torch.tensor([0.25, 0.5], dtype=torch.float64)
print(1 - f, 2 / f, (1 - f).dtype)
h = torch.tensor([2.0, 4.0], dtype=torch.bfloat16)
print(1 / h, h ** 0.5)
print(True + i, (True + i).dtype)
print(i.sum().item() + 0.5, type(i.sum().item()).__name__)
print(float(i[2]) / 3, int(f[1] * 4))
