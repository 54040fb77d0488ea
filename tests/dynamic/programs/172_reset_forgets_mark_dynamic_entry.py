# reset() drops the entry compiled for a marked tensor: the next unmarked call compiles a static graph
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x + 7


opt = torch.compile(fn, backend=cnt)
x = torch.zeros(4)
torch._dynamo.mark_dynamic(x, 0)
print(torch.allclose(opt(x), fn(x)), cnt.frame_count)
torch._dynamo.reset()
y = torch.zeros(5)
print(torch.allclose(opt(y), fn(y)), cnt.frame_count)
