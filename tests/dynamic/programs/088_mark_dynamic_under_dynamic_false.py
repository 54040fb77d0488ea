# mark_dynamic still takes effect under dynamic=False: the marked dim is symbolic, an unmarked size change recompiles
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.sum(1)


opt = torch.compile(fn, backend=cnt, dynamic=False)
for shape in ((3, 2), (6, 2), (6, 4)):
    x = torch.ones(shape)
    torch._dynamo.mark_dynamic(x, 0)
    print(shape, torch.allclose(opt(x), fn(x)), cnt.frame_count)
