# Non-leaf tensors keep .grad only with retain_grad(); accessing .grad of a non-leaf gives None.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 2
h.retain_grad()
k = h * h
out = k.sum()
out.backward()
print(x.grad, h.grad, h.retains_grad, k.retains_grad)
print(k.is_leaf, h.is_leaf, x.is_leaf)
