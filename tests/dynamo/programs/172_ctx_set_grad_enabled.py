# torch.set_grad_enabled(False) as a context manager and as a function inside a compiled function
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    with torch.set_grad_enabled(False):
        a = x + 1
    b = x + 2
    torch.set_grad_enabled(False)
    c = x + 3
    torch.set_grad_enabled(True)
    return a, b, c


a, b, c = fn(torch.ones(2, requires_grad=True))
print(a.requires_grad, b.requires_grad, c.requires_grad)
print(torch.is_grad_enabled(), cnt.frame_count)
