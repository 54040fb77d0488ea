# torch.compiler.disable around a call site: code run under a disabled function is not compiled
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    return x * 7


@torch.compiler.disable
def run_eagerly(x):
    return fn(x)


print(run_eagerly(torch.ones(2)))
print(cnt.frame_count)
print(fn(torch.ones(2)))
print(cnt.frame_count)
