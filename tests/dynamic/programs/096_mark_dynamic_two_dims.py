# mark_dynamic with a list of dims makes both dims symbolic on the first compile
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(y):
    return y.t() @ y


opt = torch.compile(fn, backend=cnt)
torch.manual_seed(0)
for shape in ((3, 2), (5, 4)):
    y = torch.randn(shape)
    torch._dynamo.mark_dynamic(y, [0, 1])
    print(shape, torch.allclose(opt(y), fn(y), atol=1e-6), cnt.frame_count)
