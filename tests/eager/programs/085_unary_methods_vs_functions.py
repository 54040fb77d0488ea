# Method, function and out-of-place/in-place forms of unary ops produce identical results.
import torch

x = torch.tensor([0.2, 0.9, 1.7, 3.1])
names = ["exp", "log", "sqrt", "sin", "cos", "tanh", "sigmoid", "floor", "ceil", "round", "trunc", "abs", "neg", "reciprocal", "rsqrt", "erf", "expm1", "log1p"]
for n in names:
    a = getattr(torch, n)(x)
    b = getattr(x, n)()
    c = x.clone()
    getattr(c, n + "_")()
    print(n.ljust(10), torch.equal(a, b), torch.equal(a, c), a)
