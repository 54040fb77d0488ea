# Shows the planted bug unguarded_closures: no guard is installed on a value
# read from a closure cell (a nonlocal's change goes unnoticed). Compiled with
# the bug on, it prints something else than eager; without it, the same.
import torch
def make():
    n = 2
    def f(x):
        return x * n
    def set_n(v):
        nonlocal n
        n = v
    return f, set_n
f, set_n = make()
opt = torch.compile(f, backend='eager')
print(opt(torch.ones(2)))
set_n(3)
print(opt(torch.ones(2)))
