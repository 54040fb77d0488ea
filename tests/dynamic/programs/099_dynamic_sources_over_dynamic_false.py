# TORCH_COMPILE_DYNAMIC_SOURCES wins over dynamic=False: the listed tensor is dynamic, the other still recompiles
# env: TORCH_COMPILE_DYNAMIC_SOURCES=L['x'] TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, y):
    return x.sum() + y.sum()


opt = torch.compile(fn, backend=cnt, dynamic=False)
for nx, ny in ((3, 2), (4, 2), (5, 3)):
    x, y = torch.ones(nx), torch.ones(ny)
    print(nx, ny, torch.allclose(opt(x, y), fn(x, y)), cnt.frame_count)
