# register_autograd: setup_context saves for backward, backward's grads reach the inputs (list[Tensor] too); 2.14's errors without a formula
import torch


@torch.library.custom_op("mylib::scale", mutates_args=())
def scale(x: torch.Tensor, w: torch.Tensor, k: float) -> torch.Tensor:
    return x * w * k


def setup_context(ctx, inputs, output):
    ctx.save_for_backward(inputs[0], inputs[1])
    ctx.k = inputs[2]


def backward(ctx, grad):
    x, w = ctx.saved_tensors
    print("needs_input_grad", ctx.needs_input_grad)
    return grad * w * ctx.k, grad * x * ctx.k, None


scale.register_autograd(backward, setup_context=setup_context)
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
y = scale(x, w, 3.0)
print(y, y.grad_fn.name())
(y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(x.grad, w.grad)
print(scale(x.detach(), w.detach(), 1.0).requires_grad, scale(torch.ones(1), torch.ones(1, requires_grad=True), 2.0))


@torch.library.custom_op("mylib::cat2", mutates_args=())
def cat2(xs: list[torch.Tensor], dim: int = 0) -> torch.Tensor:
    return torch.cat(xs, dim)


torch.library.register_autograd("mylib::cat2", lambda ctx, g: (list(g.split(ctx.sizes)), None),
                                setup_context=lambda ctx, inputs, output: setattr(ctx, "sizes", [2, 3]))
a, b = torch.ones(2, requires_grad=True), torch.ones(3, requires_grad=True)
out = cat2([a, b])
(out * torch.arange(5.0)).sum().backward()
print(out.shape, a.grad, b.grad)


@torch.library.custom_op("mylib::plain", mutates_args=())
def plain(x: torch.Tensor) -> torch.Tensor:
    return x.sin()


@torch.library.custom_op("mylib::wrong", mutates_args=())
def wrong(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return x + y
wrong.register_autograd(lambda ctx, g: g)
p = plain(torch.ones(2, requires_grad=True))
print(p.requires_grad, p.grad_fn.name())
for make in [lambda: p.sum(), lambda: wrong(torch.ones(2, requires_grad=True), torch.ones(2)).sum()]:
    try:
        make().backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
