# Shows the planted bug range_check_off_by_one: a shape guard checked as
# bounds admits one below its lower bound (5 <= s0 passes 4). Compiled with
# the bug on, it prints something else than eager; without it, the same.
import torch
def f(x):
    if x.shape[0] > 4:
        return x + 1
    return x - 1
opt = torch.compile(f, backend='eager', dynamic=True)
print(opt(torch.zeros(6)), opt(torch.zeros(4)))
