# size arithmetic: [s0, s1] @ [s1, s2] gives [s0, s2]; the inner sizes are duck sized into one symbol
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(c, v):
    return c @ v


opt = torch.compile(fn, backend=cnt, dynamic=True)
torch.manual_seed(0)
for m, k, n in ((2, 3, 4), (5, 6, 7)):
    c, v = torch.randn(m, k), torch.randn(k, n)
    print(m, k, n, torch.allclose(opt(c, v), fn(c, v), atol=1e-6), cnt.frame_count)
