# Comparison and logical ops always return bool; mixed-dtype comparisons compare promoted values.
import torch

a = torch.tensor([1, 2, 3])
b = torch.tensor([1.5, 2.0, 2.5])
print(a == b, a < b, a >= b)
print((a == b).dtype)
print(a == 2, a != 2.0)
u = torch.tensor([255], dtype=torch.uint8)
i = torch.tensor([-1], dtype=torch.int8)
print(u > i, u.to(torch.int16) > i)
print(torch.tensor([0.1], dtype=torch.float64) == torch.tensor([0.1]))
print(torch.tensor([0.5], dtype=torch.float64) == torch.tensor([0.5]))
print(torch.eq(a, b), torch.ne(a, 3), torch.gt(b, 2), torch.le(a, b))
print(torch.logical_and(a, b), torch.logical_or(a - 1, torch.zeros(3)))
print(torch.equal(a, a.clone()), torch.equal(a, a.float()), torch.equal(a, b))
print(torch.allclose(b, b + 1e-9), torch.isclose(b, torch.tensor([1.5, 2.1, 2.5])))
