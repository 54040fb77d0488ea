# recompile reasons with two dynamic inputs: the failing guard names the relation between their sizes
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(c, x):
    if c.size(0) == x.size(0):
        return c + x
    return c.sum() + x.sum()


opt = torch.compile(fn, backend=cnt)
for nc, nx in ((2, 3), (4, 5), (6, 6), (3, 9)):
    c, x = torch.ones(nc), torch.ones(nx)
    print(nc, nx, torch.allclose(opt(c, x), fn(c, x)), cnt.frame_count)
