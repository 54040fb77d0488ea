# a global int read by the compiled function is guarded as G['SCALE'] == value
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()
SCALE = 2


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x * SCALE


print(fn(torch.ones(2)))
SCALE = 5
print(fn(torch.ones(2)))
SCALE = 2
print(fn(torch.ones(2)))
print(cnt.frame_count)
