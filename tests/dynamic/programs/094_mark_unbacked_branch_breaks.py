# a branch on an unbacked size cannot be guarded: the data-dependent jump is a graph break, both halves compile
# env: TORCH_LOGS=graph_breaks,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    y = x * 2
    if y.size(0) > 2:
        return y + 1
    return y - 1


opt = torch.compile(fn, backend=cnt)
for rows in (4, 1):
    x = torch.ones(rows)
    torch._dynamo.decorators.mark_unbacked(x, 0)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count, cnt.op_count)
