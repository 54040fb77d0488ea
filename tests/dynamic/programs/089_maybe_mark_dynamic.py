# maybe_mark_dynamic(x, 0): dynamic from the first compile like mark_dynamic, other sizes reuse the entry
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.cumsum(0)


opt = torch.compile(fn, backend=cnt)
for rows in (4, 7):
    x = torch.ones(rows)
    torch._dynamo.maybe_mark_dynamic(x, 0)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
