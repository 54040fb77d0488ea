# capture_scalar_outputs = True: .item() of a computed int tensor stays in the graph as the unbacked Sym(u0)
# env: TORCH_LOGS=dynamic,graph_code
import torch
import torch._dynamo.testing

torch._dynamo.config.capture_scalar_outputs = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(x, k):
    n = k.sum().item()
    return x * n + n


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
for value in (2, 5, -1):
    k = torch.tensor([value, 1])
    print(value, torch.allclose(opt(x, k), fn(x, k)), cnt.frame_count)
