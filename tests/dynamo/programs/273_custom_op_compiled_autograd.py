# register_autograd under torch.compile: the op node's backward is the registered formula; grads equal eager's
import torch


@torch.library.custom_op("mylib::cube", mutates_args=())
def cube(x: torch.Tensor) -> torch.Tensor:
    return x * x * x


cube.register_fake(lambda x: torch.empty_like(x))


def setup_context(ctx, inputs, output):
    ctx.save_for_backward(inputs[0])


def backward(ctx, grad):
    (x,) = ctx.saved_tensors
    return grad * 3 * x * x


cube.register_autograd(backward, setup_context=setup_context)


def step(w, x):
    return (cube(x @ w) * torch.tensor([1.0, -2.0])).sum()


x = torch.tensor([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]])
grads = []
for run in (step, torch.compile(step, backend="eager")):
    w = torch.tensor([[0.5, -1.0], [0.25, 2.0]], requires_grad=True)
    loss = run(w, x)
    loss.backward()
    print(loss, loss.grad_fn.name())
    print(w.grad)
    grads.append(w.grad)
print(torch.equal(grads[0], grads[1]))
