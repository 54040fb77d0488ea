# str() of a tensor inside a compiled function is a graph break ("repr() on tensor")
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    y = x.abs()
    s = str(y)
    return y + len(s)


print(fn(torch.tensor([-1.0, 1.0])))
print(cnt.frame_count, cnt.op_count)
