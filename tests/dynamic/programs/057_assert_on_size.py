# assert x.size(0) > 3 on a symbolic size becomes the guard s0 > 3; a size that fails it raises AssertionError as in eager
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    assert x.size(0) > 3, "too small"
    return x.cumsum(0)


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (5, 9, 2):
    x = torch.ones(rows)
    try:
        print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
    except AssertionError as exc:
        print(rows, "AssertionError", exc, cnt.frame_count)
