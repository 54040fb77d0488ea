# the first failing property is reported: dtype is checked before size
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x * x


fn(torch.ones(2))
fn(torch.ones(3, dtype=torch.float64))
fn(torch.ones(3, requires_grad=True))
print(cnt.frame_count)
