# 0/1 specialization: a size-0 dim stays the constant 0 even with dynamic=True; size 4 needs its own entry
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.sum(0) + 1


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (0, 4, 0, 7):
    x = torch.ones(rows, 2)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
