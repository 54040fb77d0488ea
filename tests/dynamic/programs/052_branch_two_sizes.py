# a branch comparing two symbolic sizes guards s0 < s1 (or the opposite); swapping the order recompiles
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(c, x):
    if c.size(0) < x.size(0):
        return x[: c.size(0)] + c
    return c[: x.size(0)] + x


opt = torch.compile(fn, backend=cnt, dynamic=True)
for nc, nx in ((2, 5), (3, 7), (6, 4), (8, 3)):
    c, x = torch.ones(nc), torch.arange(nx, dtype=torch.float32)
    print(nc, nx, torch.allclose(opt(c, x), fn(c, x)), cnt.frame_count)
