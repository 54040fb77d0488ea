# fail_on_cache_limit_hit raises instead of falling back to eager when the limit is hit
import torch

torch._dynamo.config.cache_size_limit = 1
torch._dynamo.config.fail_on_cache_limit_hit = True


@torch.compile(backend="eager", dynamic=False)
def fn(x):
    return x * 3


print(fn(torch.ones(1)))
try:
    fn(torch.ones(2))
except Exception as e:
    print(type(e).__name__)
print(fn(torch.ones(1)))
