import torch
torch._logging.set_logs(graph_breaks=True, graph_code=True)

import torch
@torch.compile(dynamic=True)
def f(x):
    if x.size()[0] == 10:
        return x * 10

    if x.size()[0] <= 30:
        return x*200

    return x*x.size()[0]

f(torch.rand(10))
f(torch.rand(20))
f(torch.rand(30))
f(torch.rand(40))
f(torch.rand(50))

print("graphs:", torch._dynamo.utils.counters["stats"]["unique_graphs"])
