# specialize_float = True (the seeds' default): floats are guarded on their value and each new value recompiles
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

torch._dynamo.config.specialize_float = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(x, scale):
    return x * scale


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2)
for scale in (0.5, 1.5, 2.25, 1.5):
    print(scale, torch.allclose(opt(x, scale), fn(x, scale)), cnt.frame_count)
