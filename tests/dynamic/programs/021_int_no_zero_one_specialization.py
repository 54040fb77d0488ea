# a dynamic int has range [-int_oo, int_oo]: 0, 1 and negative values reuse the Sym entry (no 0/1 specialization)
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    return x + n


opt = torch.compile(fn, backend=cnt)
x = torch.zeros(2)
for n in (5, 6, 1, 0, -3, 7):
    print(n, torch.allclose(opt(x, n), fn(x, n)), cnt.frame_count)
