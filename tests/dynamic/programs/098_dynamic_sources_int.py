# TORCH_COMPILE_DYNAMIC_SOURCES=L['n']: an int named there is Sym on the first compile
# env: TORCH_COMPILE_DYNAMIC_SOURCES=L['n'] TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    return x * n


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2)
for n in (3, 4, 5):
    print(n, torch.allclose(opt(x, n), fn(x, n)), cnt.frame_count)
