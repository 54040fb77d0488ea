# a branch `x.size(0) > 4` guards the entry on s0 > 4 (range [5, int_oo]); a size <= 4 recompiles the other branch
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    if x.size(0) > 4:
        return x.sum()
    return x.max()


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (6, 9, 3, 2, 5):
    x = torch.arange(rows, dtype=torch.float32)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
