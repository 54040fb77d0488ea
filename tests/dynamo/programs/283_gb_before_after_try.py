# graph breaks outside a try block resume: one before it (the resume function holds the try) and one after it
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)


def before(x):
    x = x + 1
    torch._dynamo.graph_break()
    try:
        x = x * 2
    finally:
        x = x - 100
    return x + 1


def after(x):
    try:
        x = x * 2
    except ValueError:
        x = x - 100
    torch._dynamo.graph_break()
    return x + 1


for fn in [before, after]:
    cnt = torch._dynamo.testing.CompileCounter()
    compiled = torch.compile(fn, backend=cnt)
    print(fn.__name__, compiled(torch.ones(2)), compiled(torch.ones(2)), cnt.frame_count, cnt.op_count)
