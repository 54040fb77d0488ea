# recompile reasons after specialization: x.size(0) == 8 pins the dynamic=True entry, so 9 fails `size mismatch ... expected 8`
# env: TORCH_LOGS=recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    if x.size(0) == 8:
        return x.sum()
    return x.mean()


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (8, 9, 12, 8):
    x = torch.arange(rows, dtype=torch.float32)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
