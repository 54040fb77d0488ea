# median (lower median for even counts), nanmedian, mode, kthvalue and quantile with dims.
import torch

x = torch.tensor([[3.0, 1.0, 2.0, 4.0], [5.0, 5.0, 1.0, 2.0]])
print(x.median())
print(x.median(1))
print(torch.nanmedian(torch.tensor([1.0, float("nan"), 3.0, 2.0])))
print(torch.mode(torch.tensor([1, 2, 2, 3, 3, 3, 1])))
print(x.kthvalue(2, dim=1))
print(torch.quantile(torch.tensor([1.0, 2.0, 3.0, 4.0]), 0.25))
print(torch.quantile(x, torch.tensor([0.5, 0.9]), dim=1))
print(torch.median(torch.tensor([4, 1, 3, 2])))
