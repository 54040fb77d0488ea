# seed 000, "Changing the Cache Size Limit": the 9th compile hits cache_size_limit (8), then 16 suffices
import torch

torch._logging.set_logs(recompiles=True)


@torch.compile(dynamic=False, backend="eager")
def fn(x):
    return x + 1
for i in range(1, 10):
    # recompile every time due to dynamic=False
    fn(torch.ones(i))
torch._dynamo.config.cache_size_limit = 16
@torch.compile(dynamic=False, backend="eager")
def gn(x):
    return x + 1
for i in range(1, 10):
    gn(torch.ones(i))
print("done")
