# index_select on several dims, take, take_along_dim and index_add/index_copy/index_fill.
import torch

x = torch.arange(12).reshape(3, 4)
print(x.index_select(0, torch.tensor([2, 0])))
print(torch.index_select(x, 1, torch.tensor([3, 3, 1])))
print(torch.take(x, torch.tensor([0, 5, 11])))
print(torch.take_along_dim(x, torch.tensor([[0], [1], [2]]), dim=1))
y = torch.zeros(3, 2)
y.index_add_(0, torch.tensor([0, 2, 0]), torch.tensor([[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]))
print(y)
print(torch.zeros(4).index_copy(0, torch.tensor([3, 1]), torch.tensor([5.0, 6.0])))
print(x.index_fill(1, torch.tensor([0, 2]), -1))
print(x.index_select(0, torch.tensor([], dtype=torch.int64)).shape)
