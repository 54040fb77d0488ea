# the same parameter given an int, then a float, then a tensor: each type change recompiles
import torch
import torch._dynamo.testing

torch._dynamo.config.specialize_float = True
torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, y):
    return x + y


x = torch.zeros(2)
print(fn(x, 1))
print(fn(x, 1.5))
print(fn(x, torch.ones(2)))
print(fn(1.5, torch.ones(2)))
print(cnt.frame_count)
