# Shows the planted bug unguarded_ids: ID_MATCH guards are never installed
# (another function or module object reuses the graph). Compiled with the bug
# on, it prints something else than eager; without it, the same.
import torch
def f(x, fn):
    return fn(x)
opt = torch.compile(f, backend='eager')
print(opt(torch.zeros(2), torch.sin), opt(torch.zeros(2), torch.cos))
