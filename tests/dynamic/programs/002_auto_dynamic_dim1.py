# automatic dynamic: only dim 1 changes, so the recompiled graph is f32[3, s0] and dim 0 keeps its static size
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.sum(0) * 3


opt = torch.compile(fn, backend=cnt)
torch.manual_seed(0)
for cols in (2, 5, 7):
    x = torch.randn(3, cols)
    print(cols, torch.allclose(opt(x), fn(x)))
print("frames", cnt.frame_count)
