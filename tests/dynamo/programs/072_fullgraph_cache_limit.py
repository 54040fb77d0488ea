# with fullgraph=True hitting the cache limit is an error, not a fallback
import torch

torch._dynamo.config.cache_size_limit = 2


@torch.compile(backend="eager", dynamic=False, fullgraph=True)
def fn(x):
    return x + 5


print(fn(torch.ones(1)))
print(fn(torch.ones(2)))
try:
    fn(torch.ones(3))
except Exception as e:
    print(type(e).__name__)
print(fn(torch.ones(2)))
