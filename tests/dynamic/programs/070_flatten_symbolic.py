# size arithmetic: flatten of a [s0, s1] input is [s0*s1]; the product is printed with both symbols
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(y):
    return y.flatten() * 2


opt = torch.compile(fn, backend=cnt, dynamic=True)
torch.manual_seed(0)
for shape in ((2, 3), (3, 7)):
    y = torch.randn(shape)
    print(shape, torch.allclose(opt(y), fn(y)), cnt.frame_count)
