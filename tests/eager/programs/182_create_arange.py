# arange with int and float start/stop/step, negative steps, dtype inference and explicit dtype.
import torch

print(torch.arange(5), torch.arange(2, 8), torch.arange(1, 10, 3))
print(torch.arange(5.0), torch.arange(0, 1, 0.25))
print(torch.arange(10, 0, -3), torch.arange(1.0, 0.0, -0.3))
print(torch.arange(0, 1, 0.1))
print(torch.arange(0, 1, 0.1).shape, torch.arange(0, 0.3, 0.1).shape)
print(torch.arange(5).dtype, torch.arange(5.0).dtype, torch.arange(0, 5, 1.0).dtype)
print(torch.arange(4, dtype=torch.float64), torch.arange(3, dtype=torch.uint8))
print(torch.arange(0, 6, 2, dtype=torch.float32), torch.arange(-3, 3))
print(torch.arange(0), torch.arange(3, 3))
print(torch.arange(1.5, 4), torch.arange(0.5, 2.6, 0.5).tolist())
