# iterating a dict guards its keys in order: a renamed key recompiles
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, d):
    for k, v in d.items():
        x = x + v
    return x


print(fn(torch.zeros(2), {"a": 1, "b": 2}))
print(fn(torch.zeros(2), {"a": 1, "c": 2}))
print(fn(torch.zeros(2), {"a": 1, "b": 2}))
print(cnt.frame_count)
