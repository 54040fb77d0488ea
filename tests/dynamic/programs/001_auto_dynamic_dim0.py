# automatic dynamic: the first call compiles static; a changed dim 0 recompiles with the symbol s0, the static dim 1 stays 2
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * 2 + 1


opt = torch.compile(fn, backend=cnt)
torch.manual_seed(0)
for rows in (3, 4, 5, 6):
    x = torch.randn(rows, 2)
    print(rows, torch.allclose(opt(x), fn(x)))
print("frames", cnt.frame_count, "ops", cnt.op_count)
