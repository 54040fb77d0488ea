import torch
torch._logging.set_logs(graph_breaks=True, graph_code=True)

import torch
@torch.compile(dynamic=False)
def f(x):
     return x* x.size()[0]

f(torch.rand(10))
f(torch.rand(20))
f(torch.rand(30))
f(torch.rand(40))

print("graphs:", torch._dynamo.utils.counters["stats"]["unique_graphs"])
