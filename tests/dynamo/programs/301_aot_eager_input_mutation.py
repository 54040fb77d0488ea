# aot_eager: in-place ops become functional ops, a mutated input is written back by copy_ (training and inference graphs)
import torch

torch._logging.set_logs(aot_graphs=True)


def f(x, y):
    x.add_(1)
    z = y * 2
    z.mul_(3)
    return z + x


cf = torch.compile(f, backend="aot_eager")
x = torch.arange(3.0)
y = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = cf(x, y)
out.sum().backward()
print(out, x, y.grad)
x2 = torch.arange(3.0)
print(cf(x2, torch.ones(3)), x2)
