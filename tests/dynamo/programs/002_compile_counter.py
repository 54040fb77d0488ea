# CompileCounter as the backend: one frame and the number of call nodes, no recompile for equal inputs
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    y = x + 1
    z = y * y
    return z.sum()


x = torch.arange(4.0)
print(fn(x))
print(cnt.frame_count, cnt.op_count)
print(fn(torch.arange(4.0) * 2))
print(cnt.frame_count, cnt.op_count)
cnt.clear()
print(cnt.frame_count, cnt.op_count)
