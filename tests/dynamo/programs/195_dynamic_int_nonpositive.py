# an automatic-dynamic int may be 0 or negative: a guard `n <= 1` must not make it 1
import torch

def f(x, n):
    if n > 1:
        x = x + 1
    return x - n * 3, n + 5

opt = torch.compile(f, backend="eager")
print(opt(torch.ones(2), 4))
print(opt(torch.ones(3), 0))
print(opt(torch.ones(3), -2))
print(opt(torch.ones(3), 1))
