# torch._dynamo.config.patch as a decorator around a driver function
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x * 4


@torch._dynamo.config.patch(cache_size_limit=2)
def drive():
    for n in range(1, 5):
        fn(torch.ones(n))
    return torch._dynamo.config.cache_size_limit


print(drive())
print(cnt.frame_count)
print(torch._dynamo.config.cache_size_limit)
