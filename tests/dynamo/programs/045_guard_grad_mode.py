# the global grad mode is part of every entry's guards: calling under no_grad recompiles
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    return x * 2


x = torch.ones(2, requires_grad=True)
print(fn(x))
with torch.no_grad():
    print(fn(x))
print(fn(x))
print(cnt.frame_count)
