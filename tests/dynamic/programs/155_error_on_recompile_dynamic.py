# error_on_recompile = True: the size change that would make the input dynamic raises RecompileError instead
# env: TORCH_LOGS=dynamic
import torch
import torch._dynamo.testing

torch._dynamo.config.error_on_recompile = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x - 2


opt = torch.compile(fn, backend=cnt)
for rows in (3, 3, 4):
    x = torch.ones(rows)
    try:
        print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
    except Exception as exc:
        print(rows, type(exc).__name__, cnt.frame_count)
