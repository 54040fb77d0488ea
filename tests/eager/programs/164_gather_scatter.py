# gather along dims, scatter with src and value, scatter with reduce, and scatter_add.
import torch

src = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
idx = torch.tensor([[2, 0], [1, 1]])
print(torch.gather(src, 1, idx))
print(src.gather(0, torch.tensor([[1, 0, 1]])))
z = torch.zeros(3, 4)
print(z.scatter(1, torch.tensor([[0, 2], [1, 3], [3, 3]]), torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))
print(torch.zeros(2, 3).scatter(0, torch.tensor([[1, 0, 1]]), 9.0))
print(torch.ones(4).scatter_add(0, torch.tensor([0, 1, 1, 3, 3, 3]), torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])))
print(torch.ones(2, 2).scatter(1, torch.tensor([[0, 0], [1, 1]]), 3.0, reduce="multiply"))
print(torch.zeros(3).scatter(0, torch.tensor([0, 0, 2]), 1.5, reduce="add"))
print(torch.ones(3).scatter_reduce(0, torch.tensor([0, 0, 2]), torch.tensor([2.0, 3.0, 4.0]), reduce="prod"))
print(torch.zeros(3).scatter_reduce(0, torch.tensor([0, 0, 2]), torch.tensor([5.0, 2.0, 3.0]), reduce="amax"))
print(torch.full((3,), 10.0).scatter_reduce(0, torch.tensor([0, 0, 1]), torch.tensor([1.0, 2.0, 3.0]), reduce="mean", include_self=False))
t = torch.zeros(2, 3, dtype=torch.int64)
t.scatter_(1, torch.tensor([[2], [0]]), 7)
print(t)
