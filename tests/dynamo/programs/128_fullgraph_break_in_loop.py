# fullgraph=True and a break inside a loop: the first break is the error, no loop fallback
import torch


@torch.compile(backend="eager", fullgraph=True)
def fn(x):
    for i in range(2):
        x = x + i
        torch._dynamo.graph_break()
    return x


try:
    fn(torch.ones(2))
except Exception as e:
    print(type(e).__name__)
    print(str(e).splitlines()[0])
