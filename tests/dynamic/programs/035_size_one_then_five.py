# 0/1 specialization: with dynamic=True a size-1 dim is compiled as the constant 1, so size 5 recompiles
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * 2


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (1, 5, 6, 1):
    x = torch.ones(rows, 3)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
