# fullgraph=True turns on scalar capture: .item() is Sym(u0) in the graph without setting capture_scalar_outputs
# env: TORCH_LOGS=graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, k):
    return x + k.sum().item() * 2


opt = torch.compile(fn, backend=cnt, fullgraph=True)
x = torch.zeros(2)
for value in (1, 4):
    k = torch.tensor([value, 1])
    print(value, torch.allclose(opt(x, k), fn(x, k)), cnt.frame_count)
