# mark_unbacked(x, 0): an unbacked symbol u0 with range [0, int_oo], so sizes 1 and 0 reuse the entry (no 0/1 specialization)
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * 2 + 1


opt = torch.compile(fn, backend=cnt)
for rows in (3, 1, 0, 6):
    x = torch.ones(rows, 2)
    torch._dynamo.decorators.mark_unbacked(x, 0)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
