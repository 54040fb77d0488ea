# specialize_int = True: int arguments are guarded on their value and recompile on every change, even with dynamic=True
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

torch._dynamo.config.specialize_int = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    return x - n


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2)
for n in (1, 2, 3):
    print(n, torch.allclose(opt(x, n), fn(x, n)), cnt.frame_count)
