import torch

@torch.compile
def fn(x):
    return x + 1

fn(torch.ones(3, 3))
