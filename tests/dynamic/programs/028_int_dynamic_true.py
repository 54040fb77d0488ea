# dynamic=True: an int argument is Sym(s0) from the first compile, so no value ever recompiles
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    return x.pow(2) * n


opt = torch.compile(fn, backend=cnt, dynamic=True)
x = torch.full((3,), 2.0)
for n in (1, 7, 0):
    print(n, torch.allclose(opt(x, n), fn(x, n)), cnt.frame_count)
