# torch.where(cond, x, y) with tensors, scalars, broadcasting and dtype promotion.
import torch

x = torch.tensor([[-1.0, 2.0], [3.0, -4.0]])
print(torch.where(x > 0, x, torch.zeros_like(x)))
print(torch.where(x > 0, x, 0.0))
print(torch.where(x > 0, 1.0, -1.0))
print(torch.where(x > 0, torch.tensor([10.0, 20.0]), x))
print(x.where(x < 0, torch.tensor(-0.5)))
i = torch.tensor([1, 2, 3])
print(torch.where(i > 1, i, 0), torch.where(i > 1, i, 0).dtype)
print(torch.where(i > 1, i, 0.5).dtype)
print(torch.where(torch.tensor(True), torch.tensor([1, 2]), torch.tensor([3])))
safe = torch.where(x != 0, 1 / x, torch.tensor(0.0))
print(safe)
