# duck sizing inside one tensor: a square input compiled with dynamic=True is f32[s0, s0]; a non-square one recompiles
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * 2


opt = torch.compile(fn, backend=cnt, dynamic=True)
torch.manual_seed(0)
for shape in ((3, 3), (5, 5), (2, 4)):
    x = torch.randn(shape)
    print(shape, torch.allclose(opt(x), fn(x)), cnt.frame_count)
