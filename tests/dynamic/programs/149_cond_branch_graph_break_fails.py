# A graph break inside a torch.cond branch is no graph break: the compile fails with UncapturedHigherOrderOpError
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def true_fn(t):
    torch._dynamo.graph_break()
    return t + 1


def fn(x):
    return torch.cond(x.sum() > 0, true_fn, lambda t: t - 1, (x,))


opt = torch.compile(fn, backend=cnt)
print(torch.allclose(true_fn(torch.ones(2)), torch.full((2,), 2.0)))
try:
    opt(torch.ones(2))
except Exception as exc:
    print(type(exc).__name__)
    print(str(exc).splitlines()[0])
print("frames", cnt.frame_count)
