# a dtype change recompiles with the reason "dtype mismatch. expected Float, actual Double"
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x + 1


print(fn(torch.ones(2)))
print(fn(torch.ones(2, dtype=torch.float64)))
print(fn(torch.ones(2, dtype=torch.int64)))
print(fn(torch.ones(2, dtype=torch.float64)))
print(cnt.frame_count)
