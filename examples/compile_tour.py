# A tour of torch.compile under refc: a traced graph, the guards that protect
# it, a recompilation and why it happened, and a graph break with the resume
# function that continues after it. The logs go to stderr, as TORCH_LOGS=...
# would print them.
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_code=True, recompiles=True, graph_breaks=True)
counter = torch._dynamo.testing.CompileCounter()


def scale(x, factor):
    return x * factor


@torch.compile(backend=counter)
def step(x, factor):
    y = torch.sin(x) + 1
    return scale(y, factor)


print(step(torch.ones(2, 2), 2.0))
print(step(torch.ones(2, 2), 2.0))   # a cache hit: the guards pass
print(step(torch.ones(3), 2.0))      # a new shape: recompiled
print("graphs compiled:", counter.frame_count)


@torch.compile(backend="eager")
def branchy(x):
    total = x.sum()
    if total > 0:                     # depends on tensor data: a graph break
        return x / total
    return x


print(branchy(torch.arange(4.0)))
