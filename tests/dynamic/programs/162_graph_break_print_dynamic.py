# print() of a size inside a dynamic frame breaks the graph; the printed value is the real size of each call
# env: TORCH_LOGS=graph_breaks,recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    y = x.cos()
    print("rows", x.size(0))
    return y.sin()


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (2, 4):
    x = torch.ones(rows)
    print(torch.allclose(opt(x), fn(x)), cnt.frame_count)
