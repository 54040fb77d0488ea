# t[i] = v inside a compiled function is a graph op (operator.setitem), not dropped
import torch

def f(x):
    out = x.clone()
    out[0] = 1
    out[1:] = x[0]
    out.mul_(2)
    return out

opt = torch.compile(f, backend="eager")
x = torch.tensor([3.0, 4.0, 5.0])
print(opt(x))
print(f(x))
