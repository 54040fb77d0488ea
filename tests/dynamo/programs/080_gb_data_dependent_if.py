# `if` on a tensor value breaks the graph; each branch resumes in its own compiled frame
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    y = x + 1
    if y.sum() > 0:
        return y * 2
    return y - 10


print(fn(torch.ones(2)))
print(cnt.frame_count, cnt.op_count)
print(fn(torch.full((2,), -5.0)))
print(cnt.frame_count, cnt.op_count)
