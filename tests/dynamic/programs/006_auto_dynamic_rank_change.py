# automatic dynamic: a rank change recompiles; the merged size of ranks 1 and 2 is dynamic in every dim
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.cos() * 2


opt = torch.compile(fn, backend=cnt)
for shape in ((4,), (4, 3), (5, 2), (6,)):
    x = torch.ones(shape)
    print(shape, torch.allclose(opt(x), fn(x)), cnt.frame_count)
