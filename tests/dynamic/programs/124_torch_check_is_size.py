# torch._check_is_size(n) on an unbacked .item() lets it be used as a size: torch.zeros(n) is f32[u0]
# env: TORCH_LOGS=dynamic,graph_code
import torch
import torch._dynamo.testing

torch._dynamo.config.capture_scalar_outputs = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(k):
    n = k.sum().item()
    torch._check_is_size(n)
    return torch.zeros(n) + 1


opt = torch.compile(fn, backend=cnt)
for value in (3, 5, 0):
    k = torch.tensor([value, 0])
    out = opt(k)
    print(value, tuple(out.shape), torch.allclose(out, fn(k)), cnt.frame_count)
