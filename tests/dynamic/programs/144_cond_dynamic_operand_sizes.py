# torch.cond on operands with a symbolic size: the branch subgraphs take s0 and the output is f32[s0]
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, y):
    return torch.cond(y.sum() > 0, lambda a, b: a + b.sum(), lambda a, b: a * b.sum(), (x, y))


def reference(x, y):
    return x + y.sum() if y.sum() > 0 else x * y.sum()


opt = torch.compile(fn, backend=cnt)
y = torch.tensor([1.0, -2.0])
for rows in (2, 3, 5):
    x = torch.arange(rows, dtype=torch.float32)
    print(rows, torch.allclose(opt(x, y), reference(x, y)), torch.allclose(opt(x, -y), reference(x, -y)), cnt.frame_count)
