# size arithmetic: torch.arange(x.size(0)) makes an i64[s0] tensor inside the graph
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * torch.arange(x.size(0))


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (3, 4, 7):
    x = torch.full((rows,), 2.0)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
