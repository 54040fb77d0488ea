# A graph break, an input mutation or an input returned as a view inside a torch.cond branch fails the compile
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def true_fn(t):
    torch._dynamo.graph_break()
    return t + 1


def breaks(x):
    return torch.cond(x.sum() > 0, true_fn, lambda t: t - 1, (x,))


def mutates(x):
    return torch.cond(x.sum() > 0, lambda t: t.add_(1), lambda t: t - 1, (x,))


def aliases(x):
    return torch.cond(x.sum() > 0, lambda t: t.view(2), lambda t: t - 1, (x,))


print(torch.allclose(true_fn(torch.ones(2)), torch.full((2,), 2.0)))
for fn in (breaks, mutates, aliases):
    try:
        torch.compile(fn, backend=cnt)(torch.ones(2))
    except Exception as exc:
        lines = str(exc).splitlines()
        print(fn.__name__, type(exc).__name__)
        print(lines[0])
        print(lines[2])
        print(lines[3])
# Without grad, returning a view of an input is allowed.
with torch.no_grad():
    print(torch.allclose(torch.compile(aliases, backend=cnt)(torch.ones(2)), torch.ones(2)))
print("frames", cnt.frame_count)
