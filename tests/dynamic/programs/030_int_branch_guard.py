# a branch on a dynamic int adds a guard (s0 > 3) to the Sym entry; the other branch recompiles once more
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    if n > 3:
        return x + n
    return x - n


opt = torch.compile(fn, backend=cnt)
x = torch.zeros(2)
for n in (10, 11, 12, 2, 1):
    print(n, torch.allclose(opt(x, n), fn(x, n)), cnt.frame_count)
