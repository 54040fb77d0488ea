# with automatic dynamic the same sizes as under a small cache_size_limit compile only two entries: no limit warning
# env: TORCH_LOGS=recompiles
import torch
import torch._dynamo.testing

torch._dynamo.config.cache_size_limit = 3
cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * x.size(0)


opt = torch.compile(fn, backend=cnt)
for rows in (2, 3, 4, 5, 6, 2):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
