# a break inside a no_grad block inside a try skips the frame; a break in a function called from a try skips the caller, and the callee compiles as its own frame around the break
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)


def with_in_try(x):
    try:
        with torch.no_grad():
            x = x * 2
            torch._dynamo.graph_break()
            x = x * 3
    except ValueError:
        x = x - 100
    return x + 1


def inner(x):
    x = x * 2
    torch._dynamo.graph_break()
    return x * 3


def callee_in_try(x):
    x = x + 1
    try:
        x = inner(x)
    except ValueError:
        x = x - 100
    return x + 1


for fn in [with_in_try, callee_in_try]:
    cnt = torch._dynamo.testing.CompileCounter()
    compiled = torch.compile(fn, backend=cnt)
    print(fn.__name__, compiled(torch.ones(2)), compiled(torch.ones(2)), cnt.frame_count, cnt.op_count)
