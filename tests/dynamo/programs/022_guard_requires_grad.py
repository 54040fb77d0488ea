# requires_grad is part of the tensor guard: flipping it recompiles
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return (x * 3).sum()


a = torch.ones(2)
b = torch.ones(2, requires_grad=True)
print(fn(a))
out = fn(b)
print(out)
out.backward()
print(b.grad)
print(cnt.frame_count)
fn(torch.zeros(2, requires_grad=True))
print(cnt.frame_count)
