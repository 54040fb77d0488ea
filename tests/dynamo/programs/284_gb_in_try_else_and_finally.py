# graph breaks in a try's else clause and in its finally clause resume (on the normal path both run outside the protected range)
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)


def in_else(x):
    try:
        x = x * 2
    except ValueError:
        x = x - 100
    else:
        torch._dynamo.graph_break()
        x = x * 5
    return x + 1


def in_finally(x):
    try:
        x = x * 2
    finally:
        torch._dynamo.graph_break()
        x = x - 100
    return x + 1


for fn in [in_else, in_finally]:
    cnt = torch._dynamo.testing.CompileCounter()
    compiled = torch.compile(fn, backend=cnt)
    print(fn.__name__, compiled(torch.ones(2)), compiled(torch.ones(2)), cnt.frame_count, cnt.op_count)
