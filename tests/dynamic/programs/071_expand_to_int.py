# size arithmetic: x.expand(n, 3) with a dynamic int n gives a [s0, 3] view with stride [0, 1]
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    return x.expand(n, 3) * 1


opt = torch.compile(fn, backend=cnt)
x = torch.arange(3, dtype=torch.float32)
for n in (2, 4, 6):
    out = opt(x, n)
    print(n, tuple(out.shape), torch.allclose(out, fn(x, n)), cnt.frame_count)
