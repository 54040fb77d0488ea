# torch._dynamo.reset() clears the cache after the limit was hit: compiling works again
import torch
import torch._dynamo.testing

torch._dynamo.config.cache_size_limit = 1
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x.sum()


fn(torch.ones(1))
fn(torch.ones(2))
print(cnt.frame_count)
torch._dynamo.reset()
fn(torch.ones(2))
print(cnt.frame_count)
fn(torch.ones(3))
print(cnt.frame_count)
