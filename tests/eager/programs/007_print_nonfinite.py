# Printing nan, inf, -inf and negative zero in float and integer-valued tensors.
import torch

inf = float("inf")
nan = float("nan")
print(torch.tensor([1.0, nan, 3.0]))
print(torch.tensor([inf, -inf, 2.0]))
print(torch.tensor([nan, inf, -inf]))
print(torch.tensor([0.5, nan, inf]))
print(torch.tensor([-0.0, 0.0, 1.0]))
print(torch.tensor(-0.0))
print(torch.tensor([-0.0]))
print(torch.tensor([1e-8, nan, 1e8]))
print(torch.tensor([[nan, 1.0], [2.5, -inf]]))
print(torch.tensor(nan), torch.tensor(inf))
x = torch.tensor([1.0, -1.0, 0.0]) / 0.0
print(x)
print(torch.tensor([nan], dtype=torch.float64), torch.tensor([inf], dtype=torch.float16))
print(torch.tensor([-0.0, 1.5]))
