# Gradients of binary ops with respect to both operands: add with alpha, sub, mul, div, pow, maximum, atan2.
import torch

def grads(fn):
    a = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
    b = torch.tensor([2.0, 2.0, 1.0], requires_grad=True)
    fn(a, b).sum().backward()
    return a.grad, b.grad

print("add", grads(lambda a, b: torch.add(a, b, alpha=3)))
print("sub", grads(lambda a, b: a - b))
print("mul", grads(lambda a, b: a * b))
print("div", grads(lambda a, b: a / b))
print("pow", grads(lambda a, b: a ** b))
print("max", grads(torch.maximum))
print("min", grads(torch.minimum))
print("atan2", grads(torch.atan2))
print("where", grads(lambda a, b: torch.where(a > 1.5, a, b)))
print("clamp", grads(lambda a, b: a.clamp(min=1.5) + b.clamp(max=1.5)))
