# a tensor size change fails TENSOR_MATCH and recompiles (dynamic=False); the old entry is still used
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x * 2


fn(torch.ones(3))
fn(torch.ones(4))
print(cnt.frame_count)
fn(torch.ones(3))
fn(torch.ones(4))
print(cnt.frame_count)
fn(torch.ones(2, 3))
print(cnt.frame_count)
