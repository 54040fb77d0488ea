# Shows the planted bug tensor_match_ignores_dtype: TENSOR_MATCH does not
# compare dtypes. Compiled with the bug on, it prints something else than
# eager; without it, the same.
import torch
def f(x):
    if x.dtype == torch.float32:
        return x + 1
    return x - 1
opt = torch.compile(f, backend='eager')
print(opt(torch.zeros(2)), opt(torch.zeros(2, dtype=torch.float64)))
