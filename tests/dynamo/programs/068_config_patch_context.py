# torch._dynamo.config.patch as a context manager: the limit applies inside and is restored after
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x + 2


with torch._dynamo.config.patch(cache_size_limit=1):
    print(torch._dynamo.config.cache_size_limit)
    fn(torch.ones(1))
    fn(torch.ones(2))
print(torch._dynamo.config.cache_size_limit)
print(cnt.frame_count)
with torch._dynamo.config.patch("cache_size_limit", 4):
    print(torch._dynamo.config.cache_size_limit)
print(torch._dynamo.config.cache_size_limit)
