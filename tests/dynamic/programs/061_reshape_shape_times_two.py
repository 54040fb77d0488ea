# size arithmetic: reshape(x.shape[0] * 2, -1) on [s0, 4] gives the shape [2*s0, 2]
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.reshape(x.shape[0] * 2, -1) + 1


opt = torch.compile(fn, backend=cnt, dynamic=True)
torch.manual_seed(0)
for rows in (2, 3, 5):
    x = torch.randn(rows, 4)
    out = opt(x)
    print(rows, tuple(out.shape), torch.allclose(out, fn(x)), cnt.frame_count)
