# alternating between two inputs after both are cached causes no further recompiles
import torch

torch._logging.set_logs(recompiles=True)


@torch.compile(backend="eager", dynamic=False)
def fn(x, scale):
    return x * scale


a = torch.ones(2)
for s in [1, 2, 1, 2, 1]:
    print(fn(a, s))
