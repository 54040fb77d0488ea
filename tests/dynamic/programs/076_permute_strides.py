# symbolic strides: permute and contiguous of a [s0, s1, s2] input print their symbolic strides
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(w):
    return w.permute(2, 0, 1).contiguous() + 1


opt = torch.compile(fn, backend=cnt, dynamic=True)
torch.manual_seed(0)
for shape in ((3, 4, 2), (5, 6, 2)):
    w = torch.randn(shape)
    print(shape, torch.allclose(opt(w), fn(w)), cnt.frame_count)
