# automatic dynamic after a size-1 call: sizes 1 then 2 recompile to s0 >= 2, and size 1 keeps hitting the first entry
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x - 1


opt = torch.compile(fn, backend=cnt)
for rows in (1, 2, 3, 1, 4):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
