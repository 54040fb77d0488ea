# cummax and cummin return values and indices; also diff and cumulative ops along dim 0 and 1.
import torch

x = torch.tensor([[2.0, 1.0, 4.0, 3.0], [0.0, 5.0, 5.0, -1.0]])
print(torch.cummax(x, dim=1))
print(torch.cummin(x, dim=1).values)
print(x.cummax(0).indices)
print(torch.diff(x, dim=1))
print(torch.diff(torch.tensor([1, 4, 9, 16]), n=2))
print(torch.tensor([1, 3, 2, 5]).cummax(0).values)
