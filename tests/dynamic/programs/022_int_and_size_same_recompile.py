# one recompile makes a changed tensor size and a changed int dynamic together
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, k):
    return x.sum() * k


opt = torch.compile(fn, backend=cnt)
for rows, k in ((2, 3), (4, 5), (7, 2)):
    x = torch.ones(rows)
    print(rows, k, torch.allclose(opt(x, k), fn(x, k)), cnt.frame_count)
