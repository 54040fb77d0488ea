# graph_code for a function with a graph break: the prefix graph and the resume function's graph
import torch

torch._logging.set_logs(graph_code=True)


@torch.compile(backend="eager")
def f(x, y):
    a = x * 2
    b = a.sum()
    torch._dynamo.graph_break()
    return (a + y).relu(), b


print(f(torch.ones(2), torch.full((2,), -3.0)))
