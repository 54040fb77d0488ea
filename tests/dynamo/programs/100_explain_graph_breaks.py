# torch._dynamo.explain: graph, break and op counts and the first line of each break reason
import torch


def fn(x):
    x = x + 1
    print("side")
    if x.sum() > 0:
        x = x * 2
    return x.relu()


e = torch._dynamo.explain(fn)(torch.ones(2))
print(e.graph_count, e.graph_break_count, e.op_count)
for r in e.break_reasons:
    print(r.reason.splitlines()[0])
print(len(e.graphs), [len(ops) for ops in e.ops_per_graph])
