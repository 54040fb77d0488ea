# Printing float64, float16 and bfloat16 tensors: dtype suffixes and value rounding.
import torch

values = [[0.1, 2.0, -3.5], [1000.25, 0.0, 1.0 / 3.0]]
for dt in [torch.float32, torch.float64, torch.float16, torch.bfloat16]:
    t = torch.tensor(values, dtype=dt)
    print(dt)
    print(t)
print(torch.tensor(1.5, dtype=torch.float64))
print(torch.tensor([1.0, 2.0], dtype=torch.float64))
print(torch.tensor([1.0, 2.0], dtype=torch.half))
print(torch.tensor([3.14159, 2.71828], dtype=torch.bfloat16))
print(torch.tensor(65504.0, dtype=torch.float16))
print(torch.tensor([0.1], dtype=torch.float16).item())
print(torch.tensor([0.1], dtype=torch.bfloat16).item())
print(torch.arange(6, dtype=torch.float64).reshape(2, 3) / 7)
