# In-place ops on non-leaf tensors are tracked by autograd when nothing saved is modified.
import torch

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = x * 2
y.add_(1)
y.sub_(torch.tensor([0.5, 0.5, 0.5]))
y.mul_(torch.tensor([1.0, 2.0, 3.0]))
print(y)
y.sum().backward()
print(x.grad)
z = x.clone()
z[1] = 0.0
z.sum().backward()
print(x.grad)
print(y._version, z._version)
