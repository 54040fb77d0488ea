# Shows the planted bug unguarded_constants: EQUALS_MATCH guards (a Python
# constant such as an int argument) are never installed. Compiled with the bug
# on, it prints something else than eager; without it, the same.
import torch
def f(x, n):
    return x * n
opt = torch.compile(f, backend='eager')
print(opt(torch.ones(2), 2), opt(torch.ones(2), 3))
