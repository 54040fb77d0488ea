# seed 004, "Data-dependent operations": TORCH_LOGS=graph_breaks for a data-dependent jump and .item()
import torch

torch._logging.set_logs(graph_breaks=True)


@torch.compile(backend="eager")
def fn(x):
    y = x.sum()
    if y > 0:
        return x + y.item()
    return x - y.item()

print(fn(torch.ones(3, 3)))
