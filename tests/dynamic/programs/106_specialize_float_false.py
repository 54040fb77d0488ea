# specialize_float = False: a changing Python float becomes a 0-d f64 graph input read with .item() (Sym(zf0))
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

torch._dynamo.config.specialize_float = False
cnt = torch._dynamo.testing.CompileCounter()


def fn(x, scale):
    return x * scale


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2)
for scale in (0.5, 1.5, 2.25):
    print(scale, torch.allclose(opt(x, scale), fn(x, scale)), cnt.frame_count)
