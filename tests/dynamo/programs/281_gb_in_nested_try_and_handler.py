# a graph break inside a try nested in another try, and one inside an except handler, skip the frame as in 2.14
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)


def nested(x):
    try:
        try:
            x = x * 2
            torch._dynamo.graph_break()
        finally:
            x = x + 5
    except ValueError:
        x = x - 100
    return x + 1


def in_handler(x):
    try:
        x = x * 2
        raise ValueError("v")
    except ValueError:
        x = x - 100
        torch._dynamo.graph_break()
        x = x * 3
    return x + 1


for fn in [nested, in_handler]:
    cnt = torch._dynamo.testing.CompileCounter()
    compiled = torch.compile(fn, backend=cnt)
    print(fn.__name__, compiled(torch.ones(2)), compiled(torch.ones(2)), cnt.frame_count, cnt.op_count)
