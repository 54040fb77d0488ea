# Shows the planted bug unguarded_globals: no guard is installed on a value
# read from a global (a global's mutation goes unnoticed). Compiled with the
# bug on, it prints something else than eager; without it, the same.
import torch
SCALE = 2
def f(x):
    return x * SCALE
opt = torch.compile(f, backend='eager')
print(opt(torch.ones(2)))
SCALE = 3
print(opt(torch.ones(2)))
