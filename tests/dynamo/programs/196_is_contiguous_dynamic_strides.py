# x.is_contiguous() on a tensor whose strides are symbols (automatic dynamic
# after a transposed call) is decided with guards, not assumed False
import torch

def f(x):
    if x.is_contiguous():
        return x + 1
    return x - 1

opt = torch.compile(f, backend="eager")
print(opt(torch.zeros(2, 3, 3).transpose(-2, -1)).sum())
print(opt(torch.zeros(2, 3, 3)).sum())
print(opt(torch.zeros(2, 4, 4)).sum())
print(opt(torch.zeros(2, 4, 4).transpose(-2, -1)).sum())

dyn = torch.compile(f, backend="eager", dynamic=True)
print(dyn(torch.zeros(2, 3, 3).transpose(-2, -1)).sum())
print(dyn(torch.zeros(2, 3, 3)).sum())
