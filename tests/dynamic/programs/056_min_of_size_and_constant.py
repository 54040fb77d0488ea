# min(x.size(0), 4) on a symbolic size stays symbolic (Min(4, s0)): slicing with it needs no branch, no size recompiles
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    k = min(x.size(0), 4)
    return x[:k] * 2


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (6, 8, 3, 2):
    x = torch.arange(rows, dtype=torch.float32)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
