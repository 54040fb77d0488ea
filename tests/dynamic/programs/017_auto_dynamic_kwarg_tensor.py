# automatic dynamic: a tensor passed by keyword becomes dynamic like a positional one
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, *, bias):
    return x + bias


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
for rows in (3, 5, 6):
    bias = torch.arange(rows, dtype=torch.float32).view(rows, 1)
    print(rows, torch.allclose(opt(x, bias=bias), fn(x, bias=bias)))
print("frames", cnt.frame_count)
