# randint (low/high, sizes, dtype) and randperm after manual_seed; used to pick and shuffle items.
import torch

torch.manual_seed(7)
print(torch.randint(10, (8,)))
print(torch.randint(-5, 5, (2, 4)))
print(torch.randint(0, 2, (6,), dtype=torch.bool))
print(torch.randint(100, (3,), dtype=torch.int32))
print(torch.randperm(10))
print(torch.randperm(5, dtype=torch.int32))
items = ["a", "b", "c", "d", "e", "f"]
perm = torch.randperm(len(items)).tolist()
print([items[i] for i in perm])
print(torch.randint_like(torch.zeros(2, 2), 3, 9))
print(torch.randint(3, (1,)).item())
