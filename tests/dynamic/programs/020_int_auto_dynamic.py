# automatic dynamic on ints: the first value is specialized (n == 2), a second value recompiles with n as Sym(s0)
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    return x * n + n


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
for n in (2, 3, 4, 10):
    print(n, torch.allclose(opt(x, n), fn(x, n)), cnt.frame_count)
