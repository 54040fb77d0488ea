# squeeze (all, one dim, tuple of dims), unsqueeze, flatten with start/end dims, unflatten.
import torch

x = torch.zeros(1, 3, 1, 2)
print(x.squeeze().shape, x.squeeze(0).shape, x.squeeze(1).shape, x.squeeze(-2).shape)
print(x.squeeze((0, 2)).shape)
y = torch.arange(6)
print(y.unsqueeze(0).shape, y.unsqueeze(-1).shape, y.unsqueeze(1).stride())
z = torch.arange(24).reshape(2, 3, 4)
print(z.flatten().shape, z.flatten(1).shape, z.flatten(0, 1).shape, z.flatten(-2, -1).shape)
print(z.unflatten(2, (2, 2)).shape, z.unflatten(1, (3, 1)).shape)
print(y.unflatten(0, (2, -1)))
print(torch.tensor(5).unsqueeze(0), torch.tensor([5]).squeeze(), torch.tensor(5).flatten())
s = y.unsqueeze(0)
s[0, 1] = 100
print(y)
