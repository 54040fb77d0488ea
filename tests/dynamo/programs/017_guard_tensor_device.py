# a tensor on another device (meta) fails the tensor guard and recompiles
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x * 2 + 1


print(fn(torch.ones(2)))
out = fn(torch.ones(2, device="meta"))
print(out.device, out.shape, out.dtype)
print(fn(torch.ones(2)))
print(cnt.frame_count)
