# size arithmetic: x.new_zeros(n + 1, 2) with a dynamic int n and torch.zeros_like on the result
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    z = x.new_zeros(n + 1, 2)
    return z + torch.ones_like(z) * x.sum()


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
for n in (2, 3, 5):
    out = opt(x, n)
    print(n, tuple(out.shape), torch.allclose(out, fn(x, n)), cnt.frame_count)
