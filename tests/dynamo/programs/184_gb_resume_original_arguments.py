# values read from an argument the trace later reassigned reach the resume function unchanged
import torch

@torch.compile(backend="eager")
def f(x):
    y = x
    x = x + 1
    print("break")
    return y, x

a, b = f(torch.zeros(2))
print(a, b)

@torch.compile(backend="eager")
def g(n, t):
    m = n
    n = 5
    print("break")
    return m + n, t

print(g(1, torch.ones(1)))
