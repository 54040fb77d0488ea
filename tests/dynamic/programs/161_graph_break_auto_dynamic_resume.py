# automatic dynamic across a graph break: the frame and its resume function each recompile once and become dynamic
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    y = x + 1
    torch._dynamo.graph_break()
    return y * x.size(0)


opt = torch.compile(fn, backend=cnt)
for rows in (2, 3, 4, 5):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
