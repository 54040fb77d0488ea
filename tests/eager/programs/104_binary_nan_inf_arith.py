# Arithmetic with nan and inf: inf-inf, 0*inf, x/0, nan comparisons and nan in max/min.
import torch

inf = float("inf")
nan = float("nan")
a = torch.tensor([inf, inf, 0.0, 1.0, -1.0, nan])
b = torch.tensor([inf, -inf, inf, 0.0, 0.0, 1.0])
print(a - b)
print(a * b)
print(a / b)
print(a + b)
print(a == a, a != a)
print(torch.maximum(a, b))
print(a.max(), a.min(), a.sum())
print(torch.tensor([1.0, 2.0]).max(), torch.tensor([inf, 1.0]).argmax())
print(torch.tensor([0.0]) / torch.tensor([0.0]), torch.tensor([0]) * inf)
