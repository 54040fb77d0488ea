# torch._dynamo.explain of a function that checkpoints twice: graph and break counts, op counts per graph
import os
import torch


def fn(x):
    x = x * 2
    torch.save(x, "_233_a.pt")
    x = x + 1
    x = x.sin()
    torch.save({"x": x, "n": 3}, "_233_b.pt")
    return x - 1


e = torch._dynamo.explain(fn)(torch.ones(2))
print(e.graph_count, e.graph_break_count, e.op_count)
for r in e.break_reasons:
    print(r.reason.splitlines()[0])
print(len(e.graphs), [len(ops) for ops in e.ops_per_graph])
print(torch.load("_233_a.pt"), torch.load("_233_b.pt")["n"])
os.remove("_233_a.pt")
os.remove("_233_b.pt")
