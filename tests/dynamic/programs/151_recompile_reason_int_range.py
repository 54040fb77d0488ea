# recompile reasons for symbolic guards on an int: the entry for n > 10 fails with `11 <= n` for n = 3
# env: TORCH_LOGS=recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    if n > 10:
        return x * n
    return x + n


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2)
for n in (20, 30, 3, 40):
    print(n, torch.allclose(opt(x, n), fn(x, n)), cnt.frame_count)
