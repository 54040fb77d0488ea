import torch
torch._logging.set_logs(recompiles=True, graph_code=True)

@torch.compile(dynamic=True)
def gn(x):
    return x + 1
gn(torch.ones(3))
gn(torch.ones(4))

print("graphs:", torch._dynamo.utils.counters["stats"]["unique_graphs"])
