import torch
torch._logging.set_logs(recompiles=True, graph_code=True)

@torch.compile
def fn(x):
    return x + 1
fn(torch.ones(3))
fn(torch.ones(4))

print("graphs:", torch._dynamo.utils.counters["stats"]["unique_graphs"])
