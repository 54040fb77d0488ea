# Uncaught error: torch.stack of tensors with different sizes.
import torch

rows = [torch.arange(3), torch.arange(3) * 2, torch.arange(2)]
print(torch.stack(rows[:2]))
print(torch.stack(rows[:2], dim=1).shape)
padded = [torch.cat([r, torch.zeros(3 - len(r), dtype=r.dtype)]) for r in rows]
print(torch.stack(padded))
print([len(r) for r in rows])
print(torch.stack(rows))
