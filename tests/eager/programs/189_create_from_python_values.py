# Tensors from Python values: negative zero, large ints, big floats, nested tuples, and printing the result.
import torch

vals = [0.0, -0.0, 1e-45, 3.4e38, -2.5]
t = torch.tensor(vals)
print(t)
print(t.tolist())
print(torch.tensor(vals, dtype=torch.float64).tolist())
print(torch.tensor([[1, -1], [2 ** 31, -(2 ** 31)]]))
print(torch.tensor([[1, -1], [2 ** 31 - 1, -(2 ** 31)]], dtype=torch.int32))
print(torch.tensor([0.1, 0.2, 0.3]).tolist())
print(torch.tensor(1e40), torch.tensor(1e40, dtype=torch.float64))
print(torch.tensor(-5).item(), torch.tensor([[7]]).item())
