# size arithmetic: broadcasting [s0, 1] with [1, s1] gives [s0, s1]
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(c, x):
    return c + x


opt = torch.compile(fn, backend=cnt, dynamic=True)
torch.manual_seed(0)
for nc, nx in ((2, 3), (4, 5)):
    c, x = torch.randn(nc, 1), torch.randn(1, nx)
    out = opt(c, x)
    print(nc, nx, tuple(out.shape), torch.allclose(out, fn(c, x)), cnt.frame_count)
