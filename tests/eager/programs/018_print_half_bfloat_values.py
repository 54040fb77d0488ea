# Rounding of float16 and bfloat16 values when printed and when converted back to Python floats.
import torch

vals = [0.1, 0.2, 0.3, 1.1, 100.7, 1000.3, 12345.0, -0.0007]
h = torch.tensor(vals, dtype=torch.float16)
b = torch.tensor(vals, dtype=torch.bfloat16)
print(h)
print(b)
print(h.tolist())
print(b.tolist())
print(h.float())
print(b.double())
print(torch.tensor([70000.0]).half())
print(torch.tensor([1e-8]).half(), torch.tensor([1e-8]).bfloat16())
print(torch.tensor([3.0e38]).bfloat16())
print((h * 2).dtype, (h + b).dtype)
