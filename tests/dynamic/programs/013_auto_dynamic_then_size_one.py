# automatic dynamic: the dynamic entry needs size >= 2, so size 1 fails `2 <= x.size()[0]` and compiles a static entry
# env: TORCH_LOGS=recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x + 10


opt = torch.compile(fn, backend=cnt)
for rows in (3, 4, 1, 1, 0, 7):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
