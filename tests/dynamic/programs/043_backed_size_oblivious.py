# backed_size_oblivious = True: size symbols get the range [0, int_oo], so size 1 after size 3 reuses the entry
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing
import torch.fx.experimental._config

torch.fx.experimental._config.backed_size_oblivious = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * 3


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (3, 1, 5):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
