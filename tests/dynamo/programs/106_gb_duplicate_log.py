# the same break logged again (after a recompile) is printed in the short "suppressed" form
import torch

torch._logging.set_logs(graph_breaks=True)


@torch.compile(backend="eager", dynamic=False)
def fn(x):
    y = x * 2
    print("hi")
    return y


fn(torch.ones(2))
fn(torch.ones(3))
