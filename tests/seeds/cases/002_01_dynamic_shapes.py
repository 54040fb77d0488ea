import torch
import logging
torch._logging.set_logs(dynamic=logging.DEBUG, recompiles=True)

@torch.compile(dynamic=True)
def fn(x):
    return x + 1

print(fn(torch.ones(3, 3)))
print(fn(torch.ones(4, 4)))
print("graphs:", torch._dynamo.utils.counters["stats"]["unique_graphs"])
