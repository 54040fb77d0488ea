# Python ints computed from sizes are constants of a static graph; a new size recompiles
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    n = x.shape[0]
    if n > 2:
        return x[: n - 1] * n
    return x * 0


print(fn(torch.ones(3)))
print(fn(torch.ones(2)))
print(fn(torch.ones(3)))
print(cnt.frame_count)
