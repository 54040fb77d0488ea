# in-place ops on an input tensor mutate the caller's tensor, as in eager
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x, buf):
    buf.add_(x)
    x.mul_(2)
    return buf.sum()


x = torch.ones(3)
buf = torch.zeros(3)
print(fn(x, buf))
print(x, buf)
print(fn(x, buf))
print(x, buf)
print(cnt.frame_count)
