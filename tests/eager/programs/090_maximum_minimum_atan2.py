# maximum/minimum/fmax/fmin with nan propagation, atan2 in all quadrants, hypot and copysign.
import torch

nan = float("nan")
a = torch.tensor([1.0, nan, 3.0, -1.0])
b = torch.tensor([2.0, 0.0, nan, -2.0])
print(torch.maximum(a, b), torch.minimum(a, b))
print(torch.fmax(a, b), torch.fmin(a, b))
print(torch.max(a, b), torch.min(torch.tensor([1, 5]), torch.tensor([3, 2])))
y = torch.tensor([1.0, 1.0, -1.0, -1.0, 0.0, 0.0])
x = torch.tensor([1.0, -1.0, -1.0, 1.0, -1.0, 1.0])
print(torch.atan2(y, x))
print(torch.atan2(torch.tensor([0.0, -0.0]), torch.tensor([-1.0, -1.0])))
print(torch.hypot(torch.tensor([3.0, 5.0]), torch.tensor([4.0, 12.0])))
print(torch.copysign(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([-1.0, 0.0, -0.0])))
print(torch.maximum(torch.tensor([1, 7], dtype=torch.int8), torch.tensor([3, 2], dtype=torch.int8)))
