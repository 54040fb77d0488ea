# guards printed for a global int, a string argument and an attribute of a plain object
import torch

torch._logging.set_logs(guards=True)
OFFSET = 2


class Cfg:
    def __init__(self):
        self.k = 3


@torch.compile(backend="eager")
def fn(x, mode, c):
    if mode == "scale":
        return x * c.k + OFFSET
    return x


print(fn(torch.ones(2), "scale", Cfg()))
