# cache_size_limit = 2 with dynamic=False: after the limit, new sizes run eagerly but earlier sizes still use their entries
# env: TORCH_LOGS=recompiles
import torch
import torch._dynamo.testing

torch._dynamo.config.cache_size_limit = 2
cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.sum(0) * x.size(0)


opt = torch.compile(fn, backend=cnt, dynamic=False)
for rows in (2, 3, 4, 5, 2, 3):
    x = torch.ones(rows, 2)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count, cnt.op_count)
