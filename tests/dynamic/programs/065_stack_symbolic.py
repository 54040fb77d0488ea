# size arithmetic: torch.stack of two [s0, s1] tensors is [2, s0, s1] with the stride s0*s1
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(y):
    return torch.stack([y, y + 1]).sum(0)


opt = torch.compile(fn, backend=cnt, dynamic=True)
torch.manual_seed(0)
for rows in (2, 4, 8):
    y = torch.randn(rows, 3)
    print(rows, torch.allclose(opt(y), fn(y)), cnt.frame_count)
