# fullgraph=True and copy.deepcopy of a tensor: the error's title
import copy
import torch


@torch.compile(backend="eager", fullgraph=True)
def fn(x):
    return copy.deepcopy(x) + 1


try:
    fn(torch.ones(2))
except Exception as e:
    print(type(e).__name__)
    print(str(e).splitlines()[0])
