# a different number of dimensions recompiles with a rank mismatch
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x.sum(0)


print(fn(torch.ones(3)))
print(fn(torch.ones(3, 1)))
print(fn(torch.ones(3, 1, 1)))
print(cnt.frame_count)
