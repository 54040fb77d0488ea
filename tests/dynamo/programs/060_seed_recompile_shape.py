# seed 000, "Is Dynamic Shapes Enabled?": a size change recompiles, logged by recompiles=True
import torch

torch._logging.set_logs(recompiles=True)


@torch.compile(backend="eager")
def fn(x):
    return x + 1
fn(torch.ones(3))
fn(torch.ones(4))
print("done")
