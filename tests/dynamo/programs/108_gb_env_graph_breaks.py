# TORCH_LOGS=graph_breaks from the environment: a break in a helper method of a plain class
# env: TORCH_LOGS=graph_breaks
import torch


class Logger:
    def __init__(self):
        self.lines = []

    def log(self, t):
        self.lines.append(str(t))


L = Logger()


@torch.compile(backend="eager")
def fn(x):
    y = x + 1
    L.log(y)
    return y * 2


print(fn(torch.ones(2)))
print(L.lines)
