# without capture_scalar_outputs, .item() is a graph break in a dynamic frame: two graphs, both with symbolic sizes
# env: TORCH_LOGS=graph_breaks,graph_code
import torch
import torch._dynamo.testing

# the seeds' default (ARCHITECTURE.md); 2.14's is False
torch._dynamo.config.specialize_float = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    n = x.sum().item()
    return x * n


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (2, 3):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
