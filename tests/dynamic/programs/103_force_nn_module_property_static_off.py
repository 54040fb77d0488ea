# force_nn_module_property_static_shapes = False (and force_parameter_static_shapes = False): a built-in Linear's parameters become dynamic
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

torch._dynamo.config.force_parameter_static_shapes = False
torch._dynamo.config.force_nn_module_property_static_shapes = False
cnt = torch._dynamo.testing.CompileCounter()


def fn(lin, x):
    return lin(x)


opt = torch.compile(fn, backend=cnt)
lin = torch.nn.Linear(2, 2)
x = torch.ones(1, 2)
for rows in (2, 3, 4):
    lin.weight = torch.nn.Parameter(torch.ones(rows, 2))
    lin.bias = torch.nn.Parameter(torch.zeros(rows))
    print(rows, torch.allclose(opt(lin, x), fn(lin, x)), cnt.frame_count)
