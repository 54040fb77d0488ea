# topk (largest/smallest, dims, sorted), sort (descending, stable with ties) and argsort.
import torch

x = torch.tensor([3.0, 1.0, 4.0, 1.5, 5.0, 9.0, 2.0, 6.0])
print(torch.topk(x, 3))
print(x.topk(2, largest=False))
print(torch.sort(x))
print(x.sort(descending=True).values)
ties = torch.tensor([2, 1, 2, 1, 2, 0])
print(torch.sort(ties, stable=True))
print(torch.sort(ties, descending=True, stable=True).indices)
print(torch.argsort(ties, stable=True), ties.argsort(descending=True, stable=True))
m = torch.tensor([[3, 1, 2], [9, 7, 8]])
print(m.sort(dim=0, descending=True).values, m.argsort(dim=1))
print(m.topk(2, dim=1).indices, torch.topk(m, 1, dim=0).values)
print(torch.msort(torch.tensor([[2, 1], [0, 5]])))
