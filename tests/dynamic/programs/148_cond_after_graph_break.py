# torch.cond after a graph break: the resume function's graph holds the cond node and its subgraphs
# env: TORCH_LOGS=graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    y = x + 1
    torch._dynamo.graph_break()
    return torch.cond(y.sum() > 2, lambda t: t.sin(), lambda t: t.cos(), (y,))


opt = torch.compile(fn, backend=cnt)
for values in ([1.0, 2.0], [-1.0, -2.0]):
    x = torch.tensor(values)
    y = x + 1
    want = y.sin() if y.sum() > 2 else y.cos()
    print(values, torch.allclose(opt(x), want), cnt.frame_count)
