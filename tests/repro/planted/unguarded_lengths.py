# Shows the planted bug unguarded_lengths: LENGTH_CHECK guards are never
# installed (a longer list reuses the shorter one's graph). Compiled with the
# bug on, it prints something else than eager; without it, the same.
import torch
def f(x, items):
    for v in items:
        x = x + v
    return x
opt = torch.compile(f, backend='eager')
print(opt(torch.zeros(2), [1, 2]), opt(torch.zeros(2), [1, 2, 3]))
