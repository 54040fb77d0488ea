# graph_code of a function using no_grad inside: grad-mode changes are recorded in the graph
import torch

torch._logging.set_logs(graph_code=True)


@torch.compile(backend="eager")
def f(x):
    a = x * 2
    with torch.no_grad():
        b = a + 1
    return a - b


print(f(torch.ones(2, requires_grad=True)))
