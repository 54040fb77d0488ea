# logical_and/or/xor/not on bool, int and float tensors, with the out dtype always bool.
import torch

a = torch.tensor([True, True, False, False])
b = torch.tensor([True, False, True, False])
print(torch.logical_and(a, b), torch.logical_or(a, b), torch.logical_xor(a, b))
i = torch.tensor([0, 1, 2, -1])
f = torch.tensor([0.0, 0.5, 0.0, float("nan")])
print(torch.logical_and(i, f), torch.logical_or(i, f), torch.logical_xor(i, f))
print(torch.logical_not(f), f.logical_not())
print(a.logical_and(i), i.logical_or(torch.tensor(0)))
x = torch.tensor([True, False])
x.logical_xor_(torch.tensor([True, True]))
print(x)
ages = torch.tensor([15, 22, 35, 70])
adult_not_senior = torch.logical_and(ages >= 18, ages < 65)
print(adult_not_senior, adult_not_senior.sum())
