# torch._dynamo.explain on a function without breaks: one graph, no break reasons
import torch


def fn(x, y):
    return (x * y).sum() + x.mean()


e = torch._dynamo.explain(fn)(torch.ones(3), torch.arange(3.0))
print(e.graph_count, e.graph_break_count, e.op_count)
print(len(e.break_reasons), len(e.graphs))
print(e.ops_per_graph[0])
