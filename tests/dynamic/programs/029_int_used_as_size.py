# a dynamic int used as a size: torch.ones(n) and x.new_zeros(n) get the symbolic shape [s0]
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    return torch.ones(n) + x.new_zeros(n) + x.sum()


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2)
for n in (2, 3, 6):
    out = opt(x, n)
    print(n, tuple(out.shape), torch.allclose(out, fn(x, n)))
print("frames", cnt.frame_count)
