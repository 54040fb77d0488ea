# automatic dynamic: both dims change in the same call, so one recompile makes both symbolic (two symbols, strides follow)
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(y):
    return y.t() + 1


opt = torch.compile(fn, backend=cnt)
for shape in ((2, 3), (4, 5), (6, 2), (3, 3)):
    y = torch.ones(shape)
    out = opt(y)
    print(tuple(out.shape), torch.allclose(out, fn(y)))
print("frames", cnt.frame_count)
