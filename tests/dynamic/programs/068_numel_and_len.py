# size arithmetic: x.numel() and len(x) of a [s0, s1] input are s0*s1 and s0 inside the graph
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(y):
    return y.sum() / y.numel() + len(y)


opt = torch.compile(fn, backend=cnt, dynamic=True)
torch.manual_seed(0)
for shape in ((2, 3), (4, 5)):
    y = torch.randn(shape)
    print(shape, torch.allclose(opt(y), fn(y)), cnt.frame_count)
