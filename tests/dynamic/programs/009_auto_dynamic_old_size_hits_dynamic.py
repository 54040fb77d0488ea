# automatic dynamic: after the dynamic entry exists, every size >= 2 (the first one too) runs without a recompile
# env: TORCH_LOGS=recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.sum() + x.size(0)


opt = torch.compile(fn, backend=cnt)
for rows in (3, 4, 3, 9, 2, 100):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
