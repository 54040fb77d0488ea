# accumulated_cache_size_limit caps all entries of one code object, with its own warning
import torch
import torch._dynamo.testing

torch._dynamo.config.accumulated_cache_size_limit = 3
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x - 1


for n in range(1, 6):
    fn(torch.ones(n))
print(cnt.frame_count)
print(fn(torch.ones(5)))
