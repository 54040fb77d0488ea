# recompiles_verbose: a size-1 call fails the dynamic entry's symbolic guard and the static entry's size guard
# env: TORCH_LOGS=recompiles_verbose
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * 5


opt = torch.compile(fn, backend=cnt)
for rows in (3, 4, 1):
    x = torch.ones(rows, 2)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
