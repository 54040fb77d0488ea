# comptime.breakpoint(): a pdb prompt on stdin while Dynamo traces, with ctx (seed 004's example)
import torch
from torch._dynamo.comptime import comptime


@torch.compile(backend="eager")
def f(x):
    y = x + 1
    comptime.breakpoint()
    y = y + 1
    return y


print(f(torch.ones(3, 3)))
