# after a fullgraph error the function still raises on the next call; other functions are unaffected
import torch


@torch.compile(backend="eager", fullgraph=True)
def bad(x):
    return x.tolist()


@torch.compile(backend="eager", fullgraph=True)
def good(x):
    return x * 2


for i in range(2):
    try:
        bad(torch.ones(2))
    except Exception as e:
        print(i, type(e).__name__, str(e).splitlines()[0])
print(good(torch.ones(2)))
