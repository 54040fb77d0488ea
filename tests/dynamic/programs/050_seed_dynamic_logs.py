# seed 004 "Dynamic Shapes": TORCH_LOGS=dynamic,recompiles for fn(x) = x + 1 under dynamic=True, sizes [3, 3] then [4, 4]
# env: TORCH_LOGS=dynamic,recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x + 1


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (3, 4):
    x = torch.ones(rows, rows)
    print(rows, torch.allclose(opt(x), fn(x)))
print("frames", cnt.frame_count)
