# a branch on x.numel() guards the product of two symbols (s0*s1 > 8), for both dims of a dynamic=True input
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(y):
    if y.numel() > 8:
        return y.sum(1)
    return y.sum(0)


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (5, 6, 3, 2, 9):
    y = torch.ones(rows, 2)
    print(rows, torch.allclose(opt(y), fn(y)), cnt.frame_count)
