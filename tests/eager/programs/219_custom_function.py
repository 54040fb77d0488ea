# A custom torch.autograd.Function with ctx.save_for_backward, apply, and a straight-through estimator.
import torch

class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 2 * x * grad

class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad

x = torch.tensor([1.5, -2.0, 0.3], requires_grad=True)
y = Square.apply(x)
print(y)
y.sum().backward()
print(x.grad)
x.grad = None
r = RoundSTE.apply(x * 2)
print(r)
r.sum().backward()
print(x.grad)
