# automatic dynamic with a size branch: the recompiled dynamic entry carries the branch's guard (s0 >= 5)
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    if x.shape[0] >= 5:
        return x + 1
    return x - 1


opt = torch.compile(fn, backend=cnt)
for rows in (6, 7, 8, 3, 4, 2):
    x = torch.zeros(rows)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
