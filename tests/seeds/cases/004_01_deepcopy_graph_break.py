import copy
import torch

@torch.compile
def fn(x):
    x = x + 1
    y = copy.deepcopy(x)
    return y + 1

fn(torch.ones(3, 3))
