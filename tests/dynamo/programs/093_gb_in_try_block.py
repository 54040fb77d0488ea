# a graph break inside try/except skips the frame: it runs eagerly, nothing is compiled
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    x = x + 1
    try:
        x = x * 2
        torch._dynamo.graph_break()
    except ValueError:
        x = x - 100
    return x


print(fn(torch.ones(2)))
print(fn(torch.ones(2)))
print(cnt.frame_count)
