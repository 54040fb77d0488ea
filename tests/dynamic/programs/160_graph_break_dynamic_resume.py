# a graph break in a dynamic=True frame: the resume function is compiled with symbolic sizes too
# env: TORCH_LOGS=graph_breaks,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    y = x * 2
    torch._dynamo.graph_break()
    return y + x.size(0)


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (3, 5):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
