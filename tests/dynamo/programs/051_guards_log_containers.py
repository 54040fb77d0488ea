# guards printed for a list and a dict argument: lengths, keys, constants and the tensors inside
import torch

torch._logging.set_logs(guards=True)


@torch.compile(backend="eager")
def fn(xs, d):
    return xs[0] * d["k"] + xs[1]


print(fn([torch.ones(2), torch.zeros(2, dtype=torch.float64)], {"k": 4}))
