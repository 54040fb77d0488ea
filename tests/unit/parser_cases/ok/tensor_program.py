import torch

def fn(x, y):
    a = torch.sin(x)
    b = torch.cos(y)
    return a + b

compiled = torch.compile(fn, backend="eager")
x = torch.randn(3, 3)
out = compiled(x, x)
print(out.shape)
