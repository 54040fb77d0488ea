# an in-place op whose other argument is self (y.mul_(y), y.div_(y); y.add_(y) saves nothing) saved self before the write: backward reports the modification, as PyTorch does
import torch

for op in ("mul_", "div_"):
    x = torch.linspace(-1, 1, 4).requires_grad_()
    y = x * 2
    getattr(y, op)(y)
    try:
        y.sum().backward()
        print(op, "no error", x.grad)
    except RuntimeError as e:
        print(op, str(e).split(" Hint:")[0])
x = torch.linspace(-1, 1, 4).requires_grad_()
y = x * 2
y.add_(y)
y.sum().backward()
print("add_", torch.equal(x.grad, torch.full((4,), 4.0)))
