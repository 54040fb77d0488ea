# a branch `x.size(0) == 10` on a symbol specializes it (Eq guard, s0 replaced by 10); size 20 recompiles with Ne
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    if x.size(0) == 10:
        return x * 10
    return x * 2


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (10, 20, 30, 10):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
