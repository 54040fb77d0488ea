# automatic dynamic: dim 0 changes first (one symbol), later dim 1 changes too: a third compile makes both dynamic
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(y):
    return torch.relu(y - 1)


opt = torch.compile(fn, backend=cnt)
torch.manual_seed(0)
for shape in ((2, 3), (4, 3), (5, 3), (5, 4), (7, 6)):
    y = torch.randn(shape)
    print(shape, torch.allclose(opt(y), fn(y)), cnt.frame_count)
