# automatic dynamic: calls that repeat one size never recompile and keep a fully static graph
# env: TORCH_LOGS=recompiles,dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, y):
    return torch.mm(x, y).sum(1)


opt = torch.compile(fn, backend=cnt)
torch.manual_seed(0)
for _ in range(3):
    x, y = torch.randn(3, 4), torch.randn(4, 2)
    print(torch.allclose(opt(x, y), fn(x, y)))
print("frames", cnt.frame_count)
