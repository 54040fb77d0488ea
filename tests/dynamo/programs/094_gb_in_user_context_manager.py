# a graph break inside a user-defined context manager skips the frame
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()
events = []


class Tracker:
    def __enter__(self):
        events.append("enter")
        return self

    def __exit__(self, *exc):
        events.append("exit")
        return False


@torch.compile(backend=cnt)
def fn(x):
    x = x + 1
    with Tracker():
        x = x * 2
        torch._dynamo.graph_break()
    return x


print(fn(torch.ones(2)))
print(events, cnt.frame_count)
