# a backend's example_inputs hold a torch.SymInt for each symbolic int placeholder (a dynamic size, a dynamic int argument), in placeholder order
import torch


def my_backend(gm, example_inputs):
    print([type(a).__name__ for a in example_inputs])
    print([tuple(a.shape) if isinstance(a, torch.Tensor) else isinstance(a, torch.SymInt) for a in example_inputs])
    return gm.forward


def fn(x, n):
    return x * n + x.size(0)


opt = torch.compile(fn, backend=my_backend)
for size, n in ((2, 2), (4, 3), (5, 4)):
    print(opt(torch.ones(size, 3), n).sum().item())
