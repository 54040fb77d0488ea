# exceptions while tracing: a bare `raise` in a handler caught by an outer try, a non-matching except passing the exception on, and an exception no traced frame catches (it propagates from eager code)
import torch
import torch._dynamo.testing


def reraised(x):
    try:
        try:
            x = x + 1
            raise ValueError("inner")
        except ValueError:
            x = x * 2
            raise
    except ValueError:
        x = x - 1
    return x


def passed_on(x):
    try:
        try:
            raise KeyError("k")
        except ValueError:
            x = x * 100
    except KeyError:
        x = x + 5
    return x


def uncaught(x):
    x = x * 2
    raise RuntimeError("no handler")

for fn in [reraised, passed_on, uncaught]:
    cnt = torch._dynamo.testing.CompileCounter()
    compiled = torch.compile(fn, backend=cnt)
    try:
        print(fn.__name__, compiled(torch.ones(2)), cnt.frame_count, cnt.op_count)
    except RuntimeError as e:
        print(fn.__name__, type(e).__name__, e, cnt.frame_count, cnt.op_count)
