# torch.compile(backend="eager") on a small function: results equal eager, repeated calls reuse the graph
import torch


def fn(x, y):
    a = torch.sin(x) + torch.cos(y)
    return a * 2 - y


opt = torch.compile(fn, backend="eager")
x = torch.tensor([0.0, 0.5, 1.0])
y = torch.tensor([1.0, 2.0, 3.0])
got = opt(x, y)
want = fn(x, y)
print(got)
print(torch.allclose(got, want))
print(torch.equal(opt(x, y), got))
print(torch.equal(opt(y, x), fn(y, x)))
