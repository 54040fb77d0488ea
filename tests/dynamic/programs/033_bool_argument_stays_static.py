# bool arguments never become symbols: True and False each compile their own static graph, even with dynamic=True
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, flag):
    return x + 1 if flag else x - 1


opt = torch.compile(fn, backend=cnt, dynamic=True)
x = torch.zeros(3)
for flag in (True, False, True, False):
    print(flag, torch.allclose(opt(x, flag), fn(x, flag)), cnt.frame_count)
