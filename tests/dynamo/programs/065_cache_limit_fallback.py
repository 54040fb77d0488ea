# past cache_size_limit new inputs run eagerly (correct results, no compile); cached ones still hit
import torch
import torch._dynamo.testing

torch._dynamo.config.cache_size_limit = 2
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x * 2 + 1


for n in [1, 2, 3, 4]:
    print(n, fn(torch.ones(n)).sum().item(), cnt.frame_count)
print(fn(torch.ones(2)), cnt.frame_count)
print(fn(torch.ones(5)), cnt.frame_count)
