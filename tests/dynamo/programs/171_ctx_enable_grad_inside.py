# torch.enable_grad() inside a compiled function called under no_grad
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    a = x * 2
    with torch.enable_grad():
        b = x * 3
    return a, b


x = torch.ones(2, requires_grad=True)
with torch.no_grad():
    a, b = fn(x)
print(a.requires_grad, b.requires_grad, torch.is_grad_enabled())
b.sum().backward()
print(x.grad)
print(cnt.frame_count)
