# a branch on x.size(0) % 2 guards Eq(Mod(s0, 2), 0): even sizes share one entry, odd sizes compile another
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    if x.size(0) % 2 == 0:
        return x.sum() + 1
    return x * 2


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (4, 6, 5, 7, 8):
    x = torch.arange(rows, dtype=torch.float32)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
