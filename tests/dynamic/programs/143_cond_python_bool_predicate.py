# torch.cond with a constant Python bool predicate just inlines the chosen branch (no cond node); the value is guarded
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, flag):
    return torch.cond(flag, lambda t: t * 3, lambda t: t - 3, (x,))


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2)
for flag in (True, False, True):
    print(flag, torch.allclose(opt(x, flag), fn(x, flag)), cnt.frame_count)
