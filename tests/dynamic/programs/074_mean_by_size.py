# size arithmetic: dividing by x.size(0) makes a true division of the symbol (a SymFloat) in the graph
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.sum() * (x.size(0) / 4)


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (3, 6, 8):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
