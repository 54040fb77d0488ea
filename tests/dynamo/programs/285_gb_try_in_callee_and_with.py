# a break inside a try of an inlined callee breaks the caller at the call (the callee's own frame is skipped); a break after a finished try inside a no_grad block resumes
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)


def inner_try(x):
    try:
        x = x * 2
        torch._dynamo.graph_break()
        x = x * 3
    finally:
        x = x + 1
    return x


def callee_try(x):
    x = x + 1
    x = inner_try(x)
    return x + 1


def with_try(x):
    x = x + 1
    with torch.no_grad():
        try:
            x = x * 2
        finally:
            x = x + 1
        torch._dynamo.graph_break()
        x = x * 3
    return x + 1


for fn in [callee_try, with_try]:
    cnt = torch._dynamo.testing.CompileCounter()
    compiled = torch.compile(fn, backend=cnt)
    print(fn.__name__, compiled(torch.ones(2)), compiled(torch.ones(2)), cnt.frame_count, cnt.op_count)
