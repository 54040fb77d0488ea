# Explicit torch.Generator objects: manual_seed, initial_seed, and generator= in rand/randn/randperm.
import torch

g = torch.Generator()
g.manual_seed(2024)
print(g.initial_seed())
print(torch.rand(3, generator=g))
print(torch.randn(3, generator=g))
print(torch.randperm(6, generator=g))
g2 = torch.Generator().manual_seed(2024)
print(torch.rand(3, generator=g2))
torch.manual_seed(1)
a = torch.rand(2)
g3 = torch.Generator().manual_seed(1)
b = torch.rand(2, generator=g3)
print(torch.equal(a, b), torch.initial_seed())
print(torch.randint(0, 10, (4,), generator=g3))
