# torch.compiler.reset() between phases: a dynamic=True phase, then a dynamic=False phase of the same function
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.sum() + x.size(0)


for dynamic in (True, False):
    opt = torch.compile(fn, backend=cnt, dynamic=dynamic)
    for rows in (2, 3):
        x = torch.ones(rows)
        print(dynamic, rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
    torch.compiler.reset()
