# A tensor used in several branches receives the sum of the branch gradients.
import torch

x = torch.tensor(3.0, requires_grad=True)
a = x * 2
b = x ** 2
c = torch.sin(x) * 0
out = a + b + c + x
out.backward()
print(x.grad)
y = torch.tensor([1.0, 2.0], requires_grad=True)
z = torch.stack([y, y, y]).sum(0) + y.sum()
z.sum().backward()
print(y.grad)
