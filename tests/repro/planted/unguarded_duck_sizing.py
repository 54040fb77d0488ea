# Shows the planted bug unguarded_duck_sizing: sizes duck sizing gave one
# symbol are not guarded equal (a later call with unequal sizes reuses the
# graph). Compiled with the bug on, it prints something else than eager;
# without it, the same.
import torch
def f(x, y):
    return x.sum() * y.shape[0]
opt = torch.compile(f, backend='eager', dynamic=True)
print(opt(torch.ones(4), torch.ones(4)), opt(torch.ones(4), torch.ones(5)))
