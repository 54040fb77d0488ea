# force_parameter_static_shapes (default True): parameters of changing size never become dynamic, each size recompiles
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(p, x):
    return p * x


opt = torch.compile(fn, backend=cnt)
x = torch.tensor(2.0)
for rows in (2, 3, 4):
    p = torch.nn.Parameter(torch.ones(rows))
    print(rows, torch.allclose(opt(p, x), fn(p, x)), cnt.frame_count)
