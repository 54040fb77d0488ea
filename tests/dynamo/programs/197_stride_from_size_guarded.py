# a stride traced as an expression of a size (s0 for a transposed (s0, 1))
# is pinned by a guard: a contiguous (5, 1) input must not reuse the graph
import torch

def f(x):
    if x.stride(1) == 1:
        return x + 1
    return x

opt = torch.compile(f, backend="eager")
print(opt(torch.zeros(1, 1)).sum())
print(opt(torch.zeros(1, 5).transpose(-2, 1)).sum())
print(opt(torch.zeros(5, 1)).sum())
print(opt(torch.zeros(1, 4).transpose(-2, 1)).sum())
