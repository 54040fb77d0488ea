# masked_fill (out-of-place and in-place, tensor value), masked_select and masked_scatter.
import torch

x = torch.arange(9.0).reshape(3, 3)
mask = x % 2 == 1
print(x.masked_fill(mask, -1.0))
print(torch.masked_select(x, mask))
print(x.masked_select(torch.tensor([True, False, True])))
y = x.clone()
y.masked_fill_(torch.eye(3, dtype=torch.bool), torch.tensor(100.0))
print(y)
print(torch.zeros(2, 3).masked_scatter(torch.tensor([[True, False, True], [False, True, False]]), torch.tensor([1.0, 2.0, 3.0, 4.0])))
seq = torch.tensor([[5, 6, 0, 0], [7, 0, 0, 0]])
pad = seq == 0
print(torch.zeros(2, 4).masked_fill(pad, float("-inf")))
