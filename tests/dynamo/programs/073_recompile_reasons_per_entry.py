# one reason per existing cache entry, most recent first, each its own first failing guard
import torch

torch._logging.set_logs(recompiles=True)


@torch.compile(backend="eager", dynamic=False)
def fn(x, k):
    return x * k


fn(torch.ones(2), 1)
fn(torch.ones(2, dtype=torch.float64), 1)
fn(torch.ones(2), 2)
fn(torch.ones(4), 2)
print("done")
