# backward on non-scalar outputs needs a gradient argument; the error without it, and vector-Jacobian products.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2
y.backward(torch.tensor([1.0, 0.1, 0.01]))
print(x.grad)
x.grad = None
y2 = x * torch.tensor([[1.0], [2.0]])
y2.backward(gradient=torch.ones(2, 3))
print(x.grad)
try:
    (x * 2).backward()
except RuntimeError as e:
    print("RuntimeError:", e)
s = (x * 2).sum()
s.backward(torch.tensor(0.5))
print(x.grad)
