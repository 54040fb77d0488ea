# the limit counts entries per code object: two functions each get their own budget
import torch
import torch._dynamo.testing

torch._dynamo.config.cache_size_limit = 2
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def f(x):
    return x + 1


@torch.compile(backend=cnt, dynamic=False)
def g(x):
    return x - 1


for n in [1, 2, 3]:
    f(torch.ones(n))
    g(torch.ones(n))
print(cnt.frame_count)
