# seed 002, "Graph Breaks": torch.save is a skipped function, a graph break logged by TORCH_LOGS=graph_breaks
import os
import torch

torch._logging.set_logs(graph_breaks=True)


@torch.compile(backend="eager")
def f(x):
    y = x ** 2 / 2
    torch.save(y, "_230_foo.pt")  # torch.save is an unsupported operation
    z = y ** 3 / 6
    return z


x = torch.arange(4, dtype=torch.float32) / 2
print(f(x))
print(torch.load("_230_foo.pt"))
os.remove("_230_foo.pt")
