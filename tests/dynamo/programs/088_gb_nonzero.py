# an op whose output shape depends on data (nonzero) breaks the graph
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    y = x - 1
    idx = torch.nonzero(y)
    return idx + 1, y


out = fn(torch.tensor([1.0, 2.0, 1.0, 3.0]))
print(out[0], out[1])
print(cnt.frame_count, cnt.op_count)
