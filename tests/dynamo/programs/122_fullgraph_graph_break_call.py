# fullgraph=True and torch._dynamo.graph_break(): the error names the user-inserted break
import torch


@torch.compile(backend="eager", fullgraph=True)
def fn(x):
    x = x * 2
    torch._dynamo.graph_break()
    return x


try:
    fn(torch.ones(2))
except Exception as e:
    print(type(e).__name__)
    print(str(e).splitlines()[0])
    print(str(e).splitlines()[1])
