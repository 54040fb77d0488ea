# shape-mismatch messages as 2.14 prints them: broadcasting names the first mismatching dimension from the right, matmul/mm/bmm/mv/dot/addmm/linear, view/reshape, cat/stack, expand, in-place broadcasting, masked_fill, index_select, gather
import torch
import torch.nn.functional as F

a, b = torch.ones(2, 3, 4), torch.ones(5, 3, 2)
CASES = [
    lambda: a + b, lambda: torch.ones(3) * torch.ones(4), lambda: torch.ones(2, 3) - torch.ones(3, 2),
    lambda: torch.ones(4, 1, 3) / torch.ones(2, 5), lambda: torch.where(torch.ones(2) > 0, torch.ones(3), 0.0),
    lambda: torch.ones(2, 3).add_(torch.ones(4, 2, 3)), lambda: torch.ones(1, 3).mul_(torch.ones(2, 3)),
    lambda: torch.ones(2, 3).mm(torch.ones(4, 5)), lambda: torch.ones(2, 3) @ torch.ones(4, 5),
    lambda: torch.ones(3) @ torch.ones(4), lambda: torch.ones(2, 3) @ torch.ones(4),
    lambda: torch.ones(5) @ torch.ones(4, 2), lambda: torch.ones(2, 2, 3) @ torch.ones(2, 4, 5),
    lambda: torch.ones(2, 2, 3) @ torch.ones(3, 2, 3, 5), lambda: torch.bmm(torch.ones(2, 2, 3), torch.ones(3, 3, 4)),
    lambda: torch.bmm(torch.ones(2, 2, 3), torch.ones(2, 4, 4)), lambda: torch.mv(torch.ones(2, 3), torch.ones(4)),
    lambda: torch.dot(torch.ones(3), torch.ones(4)), lambda: torch.addmm(torch.ones(2, 5), torch.ones(2, 3), torch.ones(4, 5)),
    lambda: torch.addmm(torch.ones(3, 5), torch.ones(2, 3), torch.ones(3, 5)), lambda: F.linear(torch.ones(2, 3), torch.ones(5, 4)),
    lambda: torch.nn.Linear(3, 5)(torch.ones(2, 4)), lambda: torch.ones(6).view(4, 2), lambda: torch.ones(6).reshape(-1, 4),
    lambda: torch.ones(2, 3).t().view(6), lambda: torch.ones(6).view(-1, -1), lambda: torch.ones(0).view(-1, 0),
    lambda: torch.cat([torch.ones(2, 3), torch.ones(3, 3)], 1), lambda: torch.cat([torch.ones(2, 3), torch.ones(2, 3, 1)]),
    lambda: torch.cat([torch.ones(2, 2), torch.ones(2, 3), torch.ones(2, 4)]), lambda: torch.stack([torch.ones(2), torch.ones(3)]),
    lambda: torch.ones(2, 3).expand(4, 3, 2), lambda: torch.ones(2, 3).expand(2), lambda: torch.ones(3).expand_as(torch.ones(4)),
    lambda: torch.ones(2, 3).masked_fill(torch.ones(3, 2) > 0, 0.0), lambda: torch.ones(2, 3).gather(1, torch.zeros(3, 1, dtype=torch.long)),
    lambda: torch.ones(2, 3)[torch.ones(3, 3) > 0], lambda: torch.ones(2, 3).copy_(torch.ones(4)),
    lambda: torch.broadcast_tensors(torch.ones(2, 3), torch.ones(4, 3)), lambda: torch.broadcast_shapes((2, 3), (4, 3)),
    lambda: torch.ones(3, 4).sum(2), lambda: torch.ones(3, 4).transpose(0, 2), lambda: torch.ones(3).squeeze(1),
    lambda: torch.ones(2, 3).permute(1, 0, 2), lambda: torch.ones(2, 3).permute(0, 0), lambda: torch.ones(2, 3).split([1, 1], 1),
    lambda: F.cross_entropy(torch.ones(2, 3), torch.zeros(3, dtype=torch.long)), lambda: torch.ones(2, 3).new_ones(3).view(2, 2),
    lambda: torch.ones(2, 3).unflatten(1, (2, 2)), lambda: torch.ones(2, 3).flatten(2), lambda: torch.ones(2, 3)[:, 3],
]
for i, f in enumerate(CASES):
    try:
        f()
        print(i, "no error")
    except (RuntimeError, IndexError, ValueError, TypeError) as e:
        print(i, type(e).__name__, str(e).split("\n")[0])
