# Assignments with bool masks and integer index tensors, including duplicate indices.
import torch

x = torch.arange(8.0)
x[x > 4] = 0.0
print(x)
x[torch.tensor([0, 2])] = torch.tensor([-1.0, -2.0])
print(x)
m = torch.arange(12).reshape(3, 4)
m[m % 2 == 0] = -m[m % 2 == 0]
print(m)
m[torch.tensor([True, False, True])] = 7
print(m)
m[:, torch.tensor([1, 3])] = 0
print(m)
m[torch.tensor([0, 1]), torch.tensor([2, 3])] = torch.tensor([50, 60])
print(m)
n = torch.zeros(5)
n[torch.tensor([1, 1, 3])] = torch.tensor([1.0, 1.0, 2.0])
print(n)
n[[0, 4]] = 9.0
print(n)
