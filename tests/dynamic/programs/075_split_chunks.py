# size arithmetic: x.split(2) needs the number of chunks, so it guards (s0 + 1)//2 == 2; 6 elements recompile
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    parts = x.split(2)
    return parts[0] + parts[-1].sum()


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (4, 6, 6):
    x = torch.arange(rows, dtype=torch.float32)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
