# cache_size_limit and recompile_limit name the same setting; likewise the accumulated limits
import torch

c = torch._dynamo.config
print(c.cache_size_limit, c.recompile_limit)
print(c.accumulated_cache_size_limit, c.accumulated_recompile_limit)
c.recompile_limit = 5
print(c.cache_size_limit)
c.cache_size_limit = 3
print(c.recompile_limit)
with c.patch(recompile_limit=7):
    print(c.cache_size_limit)
print(c.cache_size_limit)


@torch.compile(backend="eager", dynamic=False)
def fn(x):
    return x + 1


for n in range(1, 6):
    fn(torch.ones(n))
