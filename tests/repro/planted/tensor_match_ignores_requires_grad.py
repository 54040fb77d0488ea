# Shows the planted bug tensor_match_ignores_requires_grad: TENSOR_MATCH does
# not compare requires_grad. Compiled with the bug on, it prints something
# else than eager; without it, the same.
import torch
def f(x):
    if x.requires_grad:
        return x + 1
    return x - 1
opt = torch.compile(f, backend='eager')
print(opt(torch.zeros(2)), opt(torch.zeros(2, requires_grad=True)))
