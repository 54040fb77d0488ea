# after the limit, frames of the function and of its resume code run eagerly; cached inputs still hit
import torch
import torch._dynamo.testing

torch._dynamo.config.cache_size_limit = 2
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    y = x * 2
    torch._dynamo.graph_break()
    return y + 1


for n in [1, 2, 3, 4]:
    print(n, fn(torch.ones(n)).sum().item(), cnt.frame_count)
print(fn(torch.ones(1)), cnt.frame_count)
