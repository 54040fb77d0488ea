# Gradients of sum, mean, prod, max, amax (ties split), norm, var, logsumexp and cumsum.
import torch

def g(fn, vals=(1.0, 3.0, 3.0, 2.0)):
    x = torch.tensor(vals, requires_grad=True)
    fn(x).backward()
    return x.grad

print("sum", g(lambda x: x.sum()))
print("mean", g(lambda x: x.mean()))
print("prod", g(lambda x: x.prod()))
print("max", g(lambda x: x.max()))
print("amax", g(lambda x: x.amax()))
print("max_dim", g(lambda x: x.max(0).values))
print("norm", g(lambda x: x.norm(), (3.0, 4.0, 0.0, 0.0)))
print("var", g(lambda x: x.var()))
print("std", g(lambda x: x.std(), (1.0, 2.0, 3.0, 4.0)))
print("lse", g(lambda x: x.logsumexp(0), (0.0, 0.0, 0.0, 0.0)))
print("cumsum", g(lambda x: x.cumsum(0).sum()))
print("prod_zero", g(lambda x: x.prod(), (2.0, 0.0, 3.0, 4.0)))
