# a graph break inside a for loop cannot be resumed: the whole frame is skipped and runs eagerly
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    for i in range(3):
        x = x + i
        torch._dynamo.graph_break()
    return x


print(fn(torch.ones(2)))
print(cnt.frame_count)
print(fn(torch.ones(2)))
print(cnt.frame_count)
