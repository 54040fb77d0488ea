# dynamic=True: the frame's int argument is Sym, but the default int of an inlined callee stays a constant
# env: TORCH_LOGS=dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def shift(t, by=3):
    return t + by


def fn(x, n):
    return shift(x * n)


opt = torch.compile(fn, backend=cnt, dynamic=True)
x = torch.ones(4)
for n in (2, 5):
    print(n, torch.allclose(opt(x, n), fn(x, n)), cnt.frame_count)
