# mark_static(x, 0) keeps automatic dynamic from generalizing that dim: every new size compiles a static entry
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * 4


opt = torch.compile(fn, backend=cnt)
for rows in (2, 3, 4):
    x = torch.ones(rows)
    torch._dynamo.mark_static(x, 0)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
