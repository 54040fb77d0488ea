# size arithmetic: torch.cat of [s0, s1] and [s2, s1] along dim 0 has the symbolic size s0 + s2
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(c, x):
    return torch.cat([c, x]) * 2


opt = torch.compile(fn, backend=cnt, dynamic=True)
torch.manual_seed(0)
for nc, nx in ((2, 3), (5, 6), (7, 2)):
    c, x = torch.randn(nc, 4), torch.randn(nx, 4)
    out = opt(c, x)
    print(nc, nx, tuple(out.shape), torch.allclose(out, fn(c, x)), cnt.frame_count)
