# comptime: ctx.print_guards() lists the guards installed so far as 2.14's Guard objects (sorted locals, globals, shape env; the ambient ones first among globals): before any input is read, then after a tensor, an int, a str, None, a bool, an object's attribute, global int, str and tensor values and an inlined global function
import torch
from torch._dynamo.comptime import comptime

LIMIT = 2
MODE = "fast"
BIAS = torch.ones(2)


def shift(x):
    return x + 1


class Config:
    pass


cfg = Config()
cfg.depth = 4


@torch.compile(backend="eager", dynamic=False)
def fn(x, n, label, missing, flag, config):
    comptime(lambda ctx: ctx.print_guards())
    y = shift(x) * n + BIAS
    if label == "a" and missing is None and flag and MODE == "fast":
        y = y * config.depth + LIMIT
    comptime(lambda ctx: ctx.print_guards())
    return y


print(fn(torch.ones(2), 3, "a", None, True, cfg))
comptime.print_guards()
