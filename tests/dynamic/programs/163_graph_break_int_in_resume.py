# a dynamic int that lives across a graph break is passed to the resume function as a symbolic input
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    y = x * n
    torch._dynamo.graph_break()
    return y + n


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2)
for n in (2, 3, 4):
    print(n, torch.allclose(opt(x, n), fn(x, n)), cnt.frame_count)
