# a break inside an inlined callee becomes a break at the call site; callee and caller both resume
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


def inner(y):
    z = y * 2
    torch._dynamo.graph_break()
    return z + 1


@torch.compile(backend=cnt)
def outer(x):
    a = x + 1
    b = inner(a)
    return b * 10


print(outer(torch.ones(2)))
print(cnt.frame_count, cnt.op_count)
