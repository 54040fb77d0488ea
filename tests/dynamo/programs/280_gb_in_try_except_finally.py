# a graph break inside a try body skips the frame, with an except clause and with a finally clause (2.14: not handled gracefully); both run eagerly
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)


def body_except(x):
    try:
        x = x * 2
        torch._dynamo.graph_break()
        x = x * 3
    except ValueError:
        x = x - 100
    return x + 1


def body_finally(x):
    x = x + 1
    try:
        x = x * 2
        print("in try")
        x = x * 3
    finally:
        x = x - 100
    return x + 1


for fn in [body_except, body_finally]:
    cnt = torch._dynamo.testing.CompileCounter()
    compiled = torch.compile(fn, backend=cnt)
    print(fn.__name__, compiled(torch.ones(2)), compiled(torch.ones(2)), cnt.frame_count, cnt.op_count)
