# fullgraph=True with data-dependent control flow fails with "Data-dependent branching"
import torch


@torch.compile(backend="eager", fullgraph=True)
def fn(x):
    if x.sum() > 0:
        return x + 1
    return x - 1


try:
    fn(torch.ones(2))
except Exception as e:
    print(type(e).__name__)
    print(str(e).splitlines()[0])
