# Shows the planted bug unguarded_types: TYPE_MATCH guards are never installed
# (2 and 2.0 pass each other's guards). Compiled with the bug on, it prints
# something else than eager; without it, the same.
import torch
class Up:
    def step(self, x):
        return x + 1
class Down:
    def step(self, x):
        return x - 1
def f(x, mover):
    return mover.step(x)
opt = torch.compile(f, backend='eager')
print(opt(torch.zeros(2), Up()), opt(torch.zeros(2), Down()))
