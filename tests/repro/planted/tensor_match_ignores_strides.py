# Shows the planted bug tensor_match_ignores_strides: TENSOR_MATCH does not
# compare strides. Compiled with the bug on, it prints something else than
# eager; without it, the same.
import torch
def f(x):
    if x.is_contiguous():
        return x + 1
    return x - 1
opt = torch.compile(f, backend='eager')
a = torch.zeros(3, 3)
print(opt(a), opt(a.t()))
