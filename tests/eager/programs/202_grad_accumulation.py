# Gradients accumulate across backward calls until zeroed with grad.zero_() or set to None.
import torch

x = torch.tensor([1.0, -2.0], requires_grad=True)
for step in range(3):
    loss = (x ** 2).sum()
    loss.backward()
    print(step, x.grad)
x.grad.zero_()
print(x.grad)
(3 * x).sum().backward()
print(x.grad)
x.grad = None
(x * x * x).sum().backward()
print(x.grad)
