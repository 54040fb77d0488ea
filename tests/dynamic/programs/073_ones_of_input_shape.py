# size arithmetic: torch.ones(x.shape) and x.new_full with a symbolic torch.Size build [s0, s1] tensors
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(y):
    return torch.ones(y.shape) + y.new_full(y.size(), 2.0) + y


opt = torch.compile(fn, backend=cnt, dynamic=True)
torch.manual_seed(0)
for shape in ((2, 3), (3, 4)):
    y = torch.randn(shape)
    print(shape, torch.allclose(opt(y), fn(y)), cnt.frame_count)
