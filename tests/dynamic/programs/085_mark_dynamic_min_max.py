# mark_dynamic with min=2, max=16: the symbol's range is [2, 16]; 20 rows are outside it and the compile raises
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x + 1


opt = torch.compile(fn, backend=cnt)
for rows in (4, 16, 20):
    x = torch.zeros(rows)
    torch._dynamo.mark_dynamic(x, 0, min=2, max=16)
    try:
        print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
    except Exception as exc:
        print(rows, type(exc).__name__, str(exc).splitlines()[0], cnt.frame_count)
