# an int argument is specialized on its value: a new value recompiles, a seen value hits the cache
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, n):
    return x * n


x = torch.ones(2)
print(fn(x, 2))
print(fn(x, 3))
print(fn(x, 2))
print(cnt.frame_count)
