# mark_static(x, 1) under dynamic=True keeps dim 1 static while dim 0 gets a symbol; a new dim-1 size recompiles
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.sum(0)


opt = torch.compile(fn, backend=cnt, dynamic=True)
for shape in ((3, 4), (5, 4), (5, 6)):
    x = torch.ones(shape)
    torch._dynamo.mark_static(x, 1)
    print(shape, torch.allclose(opt(x), fn(x)), cnt.frame_count)
