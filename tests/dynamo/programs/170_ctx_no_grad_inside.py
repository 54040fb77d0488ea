# torch.no_grad() inside a compiled function: outputs computed inside do not require grad
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    a = x * 2
    with torch.no_grad():
        b = x * 3
    c = a + b
    return a, b, c


a, b, c = fn(torch.ones(2, requires_grad=True))
print(a.requires_grad, b.requires_grad, c.requires_grad)
print(c, torch.is_grad_enabled())
print(cnt.frame_count, cnt.op_count)
