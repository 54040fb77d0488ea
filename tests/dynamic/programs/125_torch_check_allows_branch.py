# torch._check(n > 0) records a fact about the unbacked u0: the later branch `if n > 0` needs no guard and no break
# env: TORCH_LOGS=dynamic,graph_code
import torch
import torch._dynamo.testing

torch._dynamo.config.capture_scalar_outputs = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(x, k):
    n = k.sum().item()
    torch._check(n > 0)
    if n > 0:
        return x * n
    return x


opt = torch.compile(fn, backend=cnt, fullgraph=True)
x = torch.ones(2)
for value in (2, 7):
    k = torch.tensor([value, 0])
    print(value, torch.allclose(opt(x, k), fn(x, k)), cnt.frame_count)
