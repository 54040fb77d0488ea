# torch._dynamo.utils.counters: graph breaks, captured calls and compiled graphs
import torch
from torch._dynamo.utils import counters


@torch.compile(backend="eager")
def fn(x):
    x = x + 1
    torch._dynamo.graph_break()
    x = x * 2
    torch._dynamo.graph_break()
    return x - 1


counters.clear()
print(fn(torch.ones(2)))
print(len(counters["graph_break"]), sum(counters["graph_break"].values()))
print(counters["stats"]["calls_captured"], counters["stats"]["unique_graphs"])
print(counters["frames"]["total"], counters["frames"]["ok"])
