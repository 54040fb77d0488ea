# fullgraph=True turns a graph break into an error: Unsupported, titled "Failed to trace builtin operator"
import torch


@torch.compile(backend="eager", fullgraph=True)
def fn(x):
    print("hi")
    return x + 1


try:
    fn(torch.ones(2))
except Exception as e:
    print(type(e).__name__)
    print(str(e).splitlines()[0])
