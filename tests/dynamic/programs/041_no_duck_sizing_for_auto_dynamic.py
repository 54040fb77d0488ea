# automatic dynamic dims are not duck sized: equal changed sizes still get two symbols and no equality guard
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, y):
    return x.sum() - y.sum()


opt = torch.compile(fn, backend=cnt)
for nx, ny in ((2, 2), (3, 3), (4, 6)):
    x, y = torch.ones(nx), torch.ones(ny)
    print(nx, ny, torch.allclose(opt(x, y), fn(x, y)), cnt.frame_count)
