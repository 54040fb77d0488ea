# count_nonzero, unique (sorted, return_inverse, return_counts), unique_consecutive and bincount.
import torch

x = torch.tensor([3, 1, 2, 3, 3, 0, 1])
print(torch.count_nonzero(x), torch.count_nonzero(x.reshape(1, 7), dim=1))
print(torch.unique(x))
vals, inv, counts = torch.unique(x, return_inverse=True, return_counts=True)
print(vals, inv, counts)
print(torch.unique_consecutive(torch.tensor([1, 1, 2, 2, 2, 1, 3, 3])))
print(torch.bincount(x), torch.bincount(x, minlength=6))
print(torch.bincount(torch.tensor([0, 1, 1]), weights=torch.tensor([0.5, 1.0, 2.0])))
print(torch.unique(torch.tensor([[1, 2], [1, 2], [3, 4]]), dim=0))
print(torch.histc(torch.tensor([1.0, 2.0, 1.0, 4.0]), bins=4, min=0, max=4))
