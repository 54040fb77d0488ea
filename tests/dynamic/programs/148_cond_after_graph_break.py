# torch.cond after a graph break: the resume function's graph holds the cond node; tuple outputs are named child, child_1
# env: TORCH_LOGS=graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    y = x + 1
    torch._dynamo.graph_break()
    return torch.cond(y.sum() > 2, lambda t: (t.sin(), t * 2), lambda t: (t.cos(), t * 3), (y,))


opt = torch.compile(fn, backend=cnt)
for values in ([1.0, 2.0], [-1.0, -2.0]):
    x = torch.tensor(values)
    y = x + 1
    want = (y.sin(), y * 2) if y.sum() > 2 else (y.cos(), y * 3)
    got = opt(x)
    print(values, torch.allclose(got[0], want[0]), torch.allclose(got[1], want[1]), cnt.frame_count)
