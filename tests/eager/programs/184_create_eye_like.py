# eye (square and rectangular), zeros_like/ones_like/full_like/empty_like/rand-free *_like with dtype overrides.
import torch

print(torch.eye(3))
print(torch.eye(2, 4), torch.eye(3, 2, dtype=torch.int64))
x = torch.arange(6).reshape(2, 3)
print(torch.zeros_like(x), torch.ones_like(x, dtype=torch.float32))
print(torch.full_like(x, 9), torch.full_like(x, 2.7))
print(torch.full_like(x.float(), 2.7))
e = torch.empty_like(x)
print(e.shape, e.dtype)
t = x.t()
print(torch.zeros_like(t).stride(), torch.empty_like(t).stride())
print(torch.ones_like(torch.tensor(3.0)))
y = torch.ones(2, requires_grad=True)
print(torch.zeros_like(y).requires_grad, torch.zeros_like(y, requires_grad=True))
