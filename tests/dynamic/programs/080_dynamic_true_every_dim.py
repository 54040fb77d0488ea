# dynamic=True: every dim of every input gets a symbol on the first compile (marking ... from assume_static_by_default)
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(w):
    return w.sum(-1)


opt = torch.compile(fn, backend=cnt, dynamic=True)
torch.manual_seed(0)
for shape in ((2, 3, 4), (5, 6, 7)):
    w = torch.randn(shape)
    print(shape, torch.allclose(opt(w), fn(w)), cnt.frame_count)
