# a built-in exception raised and caught while tracing stays in one graph, as 2.14 traces exception tables: except with `as e` and str(e), a tuple of classes with finally, a raise in an inlined callee caught by its caller
import torch
import torch._dynamo.testing


def caught(x):
    try:
        x = x * 2
        raise ValueError("bad")
    except ValueError as e:
        x = x - len(str(e))
    return x + 1


def caught_by_tuple(x):
    try:
        x = x * 2
        raise KeyError
    except (ValueError, KeyError):
        x = x - 1
    finally:
        x = x * 3
    return x


def check(x):
    x = x * 2
    raise ValueError("v")


def caught_from_callee(x):
    try:
        return check(x)
    except ValueError:
        return x - 7

for fn in [caught, caught_by_tuple, caught_from_callee]:
    cnt = torch._dynamo.testing.CompileCounter()
    compiled = torch.compile(fn, backend=cnt)
    print(fn.__name__, compiled(torch.ones(2)), compiled(torch.ones(2)), cnt.frame_count, cnt.op_count)
