# dynamic=False: sizes never become symbols; each new size recompiles with a static graph
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    return x.sum() + n


opt = torch.compile(fn, backend=cnt, dynamic=False)
for rows in (2, 3, 4, 3):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x, rows), fn(x, rows)), cnt.frame_count)
