# TORCH_LOGS=graph_code: the traced graph of an inlined call, as Python source
import torch

torch._logging.set_logs(graph_code=True)


def g(x, y):
    return x + y


@torch.compile(backend="eager")
def f(x):
    x = torch.sin(x)
    x = g(x, x)
    return x


print(f(torch.zeros(3, 3)))
