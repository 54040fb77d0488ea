# contextlib.nullcontext and a break inside it: the frame resumes inside the block
import contextlib
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    with contextlib.nullcontext():
        y = x + 1
        torch._dynamo.graph_break()
        z = y * 2
    return z


print(fn(torch.ones(2)))
print(cnt.frame_count, cnt.op_count)
