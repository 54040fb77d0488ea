# three breaks make four graphs; an explicit count of frames and ops
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    x = x + 1
    torch._dynamo.graph_break()
    x = x * 2
    torch._dynamo.graph_break()
    x = x - 3
    torch._dynamo.graph_break()
    return x.sum()


print(fn(torch.ones(4)))
print(cnt.frame_count, cnt.op_count)
fn(torch.ones(4))
print(cnt.frame_count, cnt.op_count)
