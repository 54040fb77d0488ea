# a plain tensor reuses an entry compiled for a marked one (the marks' guard only rejects new marks)
# env: TORCH_LOGS=recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.exp()


opt = torch.compile(fn, backend=cnt)
marked = torch.zeros(4)
torch._dynamo.mark_dynamic(marked, 0)
for x in (marked, torch.zeros(6), torch.zeros(4)):
    print(tuple(x.shape), torch.allclose(opt(x), fn(x)), cnt.frame_count)
