# torch.cond with a size predicate x.size(0) > 4 under dynamic=True: a SymBool predicate, so sizes 3 and 6 share one graph
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return torch.cond(x.size(0) > 4, lambda t: t * 2, lambda t: t + 1, (x,))


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (3, 6, 2):
    x = torch.ones(rows)
    want = x * 2 if rows > 4 else x + 1
    print(rows, torch.allclose(opt(x), want), cnt.frame_count)
