# TORCH_COMPILE_DYNAMIC_SOURCES=L['x']: the listed source is dynamic on the first compile, no recompile follows
# env: TORCH_COMPILE_DYNAMIC_SOURCES=L['x'] TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, y):
    return x.sum() + y


opt = torch.compile(fn, backend=cnt)
y = torch.ones(2)
for rows in (3, 4, 5):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x, y), fn(x, y)), cnt.frame_count)
