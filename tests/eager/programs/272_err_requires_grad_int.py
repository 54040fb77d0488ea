# Uncaught error: creating an integer tensor with requires_grad=True.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x)
y = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
print(y)
h = torch.tensor([1.0], dtype=torch.float16, requires_grad=True)
print(h)
ids = torch.tensor([1, 2], requires_grad=True)
print("unreachable")
