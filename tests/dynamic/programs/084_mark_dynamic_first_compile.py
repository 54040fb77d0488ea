# mark_dynamic(x, 0): the dim is symbolic on the first compile (marking ... from mark_dynamic), so no recompile follows
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.softmax(0)


opt = torch.compile(fn, backend=cnt)
torch.manual_seed(0)
for rows in (3, 5, 8):
    x = torch.randn(rows, 2)
    torch._dynamo.mark_dynamic(x, 0)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
