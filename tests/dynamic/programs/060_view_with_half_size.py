# size arithmetic: x.view(x.size(0) // 2, 2) traces FloorDiv(s0, 2) into the view's shape (an even-size guard)
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.view(x.size(0) // 2, 2).sum(1)


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (4, 6, 10):
    x = torch.arange(rows, dtype=torch.float32)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
