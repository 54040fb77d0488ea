# torch.manual_seed then rand and randn: exact CPU Mersenne-Twister streams, and reseeding reproduces them.
import torch

torch.manual_seed(0)
print(torch.rand(5))
print(torch.randn(5))
print(torch.rand(2, 3))
torch.manual_seed(0)
a = torch.rand(5)
torch.manual_seed(0)
b = torch.rand(5)
print(torch.equal(a, b))
torch.manual_seed(42)
print(torch.randn(2, 2))
print(torch.rand(3, dtype=torch.float64))
print(torch.randn(3, dtype=torch.float64))
print(torch.rand(()).shape, torch.randn(0).shape)
