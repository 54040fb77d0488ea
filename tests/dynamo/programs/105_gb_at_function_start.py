# a break before any op: no graph is made for the empty prefix, only for the rest
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    torch._dynamo.graph_break()
    return x + 1


print(fn(torch.ones(2)))
print(cnt.frame_count, cnt.op_count)
