# torch.get_default_dtype / set_default_dtype change float inference for tensor() and factories.
import torch

print(torch.get_default_dtype())
print(torch.tensor([1.0, 2.0]).dtype, torch.zeros(2).dtype, torch.arange(0.0, 1.0, 0.5).dtype)
torch.set_default_dtype(torch.float64)
print(torch.get_default_dtype())
print(torch.tensor([1.0, 2.0]).dtype, torch.zeros(2).dtype, torch.arange(0.0, 1.0, 0.5).dtype)
print(torch.tensor([1.0, 2.0]))
print(torch.tensor([1, 2]).dtype, (torch.tensor([1, 2]) / 2).dtype)
print(torch.linspace(0, 1, 3), torch.ones(2, dtype=torch.float32))
print((torch.tensor([1], dtype=torch.int32) * 0.5).dtype)
torch.set_default_dtype(torch.float32)
print(torch.get_default_dtype(), torch.tensor(0.1))
print((torch.tensor([1], dtype=torch.int32) * 0.5).dtype)
