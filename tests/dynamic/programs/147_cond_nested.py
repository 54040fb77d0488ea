# torch.cond inside a branch of torch.cond: the inner branches are subgraphs of the outer branch, installed first
# env: TORCH_LOGS=graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def inner(t):
    return torch.cond(t.max() > 1, lambda a: a * 3, lambda a: a * 4, (t,))


def fn(x):
    return torch.cond(x.sum() > 0, inner, lambda t: t.neg(), (x,))


def reference(x):
    if x.sum() > 0:
        return x * 3 if x.max() > 1 else x * 4
    return x.neg()


opt = torch.compile(fn, backend=cnt)
for values in ([1.0, 2.0], [0.5, 0.25], [-1.0, -2.0]):
    x = torch.tensor(values)
    print(values, torch.allclose(opt(x), reference(x)), cnt.frame_count)
