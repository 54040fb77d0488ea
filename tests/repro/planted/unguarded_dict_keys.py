# Shows the planted bug unguarded_dict_keys: DICT_KEY_MATCH guards are never
# installed (a dict's keys may change unnoticed). Compiled with the bug on, it
# prints something else than eager; without it, the same.
import torch
def f(x, d):
    for k in d:
        x = x * 10 + d[k]
    return x
opt = torch.compile(f, backend='eager')
print(opt(torch.zeros(2), {"a": 1, "b": 2}), opt(torch.zeros(2), {"b": 2, "a": 1}))
