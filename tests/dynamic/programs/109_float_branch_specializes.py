# specialize_float = False: a branch on the symbolic float guards it (zf0 > 1.0); the other side recompiles
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

torch._dynamo.config.specialize_float = False
cnt = torch._dynamo.testing.CompileCounter()


def fn(x, scale):
    if scale > 1.0:
        return x * scale
    return x - scale


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2)
for scale in (2.5, 3.5, 0.5, 4.5):
    print(scale, torch.allclose(opt(x, scale), fn(x, scale)), cnt.frame_count)
