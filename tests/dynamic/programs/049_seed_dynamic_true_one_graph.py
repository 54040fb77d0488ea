# seed 001: with dynamic=True, x * x.size()[0] compiles one graph, multiplying by the symbol s0
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def f(x):
    return x * x.size()[0]


opt = torch.compile(f, backend=cnt, dynamic=True)
for rows in (10, 20, 30, 40):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x), f(x)), cnt.frame_count)
