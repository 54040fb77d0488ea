# var and std with default correction, unbiased=False, correction=0/2, over dims and keepdim.
import torch

x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 6.0, 8.0]])
print(x.var(), x.std())
print(x.var(1), x.std(1))
print(x.var(0, unbiased=False), x.std(dim=0, unbiased=False))
print(torch.var(x, dim=1, correction=0), torch.std(x, 1, correction=2))
print(x.var(1, keepdim=True).shape)
print(torch.var_mean(x, dim=1))
print(torch.std_mean(x, dim=0, correction=0))
print(torch.tensor([5.0]).var(unbiased=False), torch.tensor([5.0]).std(unbiased=False))
d = x.double()
print(d.var(dim=(0, 1)), d.std([0, 1]))
