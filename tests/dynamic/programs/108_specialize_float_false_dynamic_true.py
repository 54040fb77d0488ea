# specialize_float = False with dynamic=True: the float is a graph input from the first compile, no recompile
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

torch._dynamo.config.specialize_float = False
cnt = torch._dynamo.testing.CompileCounter()


def fn(x, scale):
    return x + scale * 2


opt = torch.compile(fn, backend=cnt, dynamic=True)
x = torch.zeros(3)
for scale in (0.25, 4.0, -1.5):
    print(scale, torch.allclose(opt(x, scale), fn(x, scale)), cnt.frame_count)
