# torch._dynamo.graph_break() splits the function; the resume function keeps the live locals
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x, k):
    a = x * k
    b = a + 1
    torch._dynamo.graph_break()
    c = b * a
    return c - k


print(fn(torch.tensor([1.0, 2.0]), 3))
print(cnt.frame_count, cnt.op_count)
