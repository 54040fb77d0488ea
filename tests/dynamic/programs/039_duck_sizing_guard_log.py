# TORCH_LOGS=+dynamic: duck sizing logs that y's dim reuses x's symbol (create_symbol ... duck sized ...)
# env: TORCH_LOGS=+dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, y):
    return x.sum() + y.sum()


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (5, 8):
    x, y = torch.ones(rows), torch.ones(rows, 2)
    print(rows, torch.allclose(opt(x, y), fn(x, y)), cnt.frame_count)
