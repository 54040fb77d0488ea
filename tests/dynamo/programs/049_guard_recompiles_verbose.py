# recompiles_verbose lists every failing guard of every cache entry, grouped per entry
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles_verbose=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, n):
    return x * n


fn(torch.ones(2), 1)
fn(torch.ones(3), 1)
fn(torch.ones(3, dtype=torch.float64), 2)
print(cnt.frame_count)
