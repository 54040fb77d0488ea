# the default dtype is global state: changing it recompiles a function that creates tensors
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    return x + torch.ones(2)


x = torch.zeros(2, dtype=torch.float64)
print(fn(x))
torch.set_default_dtype(torch.float64)
print(fn(x))
torch.set_default_dtype(torch.float32)
print(fn(x))
print(cnt.frame_count)
