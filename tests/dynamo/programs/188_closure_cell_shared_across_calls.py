# calls of one closure share its cell: each inlined call sees what the previous one wrote
import torch

def make():
    x = torch.zeros(1)
    def inc():
        nonlocal x
        x = x + 1
        return x
    return inc

inc = make()

@torch.compile(backend="eager")
def f(t):
    inc()
    inc()
    return inc() + t

print(f(torch.ones(1)))
print(inc())
