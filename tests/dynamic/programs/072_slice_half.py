# size arithmetic: x[: x.size(0) // 2] slices with a symbolic bound and the result is [(s0//2)]
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x[: x.size(0) // 2] * 10


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (4, 5, 9):
    x = torch.arange(rows, dtype=torch.float32)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
