# duck sizing: with dynamic=True two inputs of equal size share one symbol, and their equality is guarded
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, y):
    return x * 2 + y.sum()


opt = torch.compile(fn, backend=cnt, dynamic=True)
for nx, ny in ((4, 4), (6, 6), (4, 5)):
    x, y = torch.ones(nx), torch.ones(ny)
    print(nx, ny, torch.allclose(opt(x, y), fn(x, y)), cnt.frame_count)
