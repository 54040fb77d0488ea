# force_parameter_static_shapes = False: a parameter whose size changes becomes dynamic like any tensor input
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

torch._dynamo.config.force_parameter_static_shapes = False
cnt = torch._dynamo.testing.CompileCounter()


def fn(p, x):
    return p * x


opt = torch.compile(fn, backend=cnt)
x = torch.tensor(2.0)
for rows in (2, 3, 4):
    p = torch.nn.Parameter(torch.ones(rows))
    print(rows, torch.allclose(opt(p, x), fn(p, x)), cnt.frame_count)
