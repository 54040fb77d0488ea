# use_duck_shape = False: equal sizes get separate symbols and no equality guard, so unequal sizes reuse the entry
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing
import torch.fx.experimental._config

torch.fx.experimental._config.use_duck_shape = False
cnt = torch._dynamo.testing.CompileCounter()


def fn(x, y):
    return x.sum() + y.sum()


opt = torch.compile(fn, backend=cnt, dynamic=True)
for nx, ny in ((4, 4), (3, 7)):
    x, y = torch.ones(nx), torch.ones(ny)
    print(nx, ny, torch.allclose(opt(x, y), fn(x, y)), cnt.frame_count)
