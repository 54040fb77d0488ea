# Optimizer.zero_grad is never traced (torch._disable_dynamo): the graph breaks at it
# env: TORCH_LOGS=recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()
mod = torch.nn.Linear(2, 2)
opt = torch.optim.SGD(mod.parameters(), lr=0.1)


@torch.compile(backend=cnt)
def fn(x):
    opt.zero_grad(True)
    return mod(x).relu()


for _ in range(3):
    out = fn(torch.ones(1, 2))
print(out.shape, mod.weight.grad)
print(cnt.frame_count, cnt.op_count)
