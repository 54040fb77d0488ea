# keyword arguments, defaults and *args reach the compiled function unchanged
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x, *rest, scale=2, shift=None):
    y = x * scale
    for r in rest:
        y = y + r
    if shift is not None:
        y = y - shift
    return y


x = torch.tensor([1.0, 2.0])
print(fn(x))
print(fn(x, torch.ones(2), torch.ones(2)))
print(fn(x, scale=3, shift=torch.tensor([1.0, 1.0])))
print(cnt.frame_count, cnt.op_count)
