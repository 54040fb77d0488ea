# F.linear with and without bias, batched inputs and 1-d inputs; weight layout (out, in).
import torch
import torch.nn.functional as F

w = torch.tensor([[1.0, 0.0, -1.0], [0.5, 0.5, 0.5]])
b = torch.tensor([0.1, -0.2])
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(F.linear(x, w, b))
print(F.linear(x, w))
print(F.linear(torch.tensor([1.0, 1.0, 1.0]), w, b))
xb = torch.arange(12.0).reshape(2, 2, 3)
print(F.linear(xb, w, b).shape, F.linear(xb, w, b))
print(torch.equal(F.linear(x, w, b), x @ w.t() + b))
print(F.bilinear(torch.ones(1, 2), torch.ones(1, 3), torch.ones(1, 2, 3), torch.tensor([0.5])))
