# TORCH_LOGS=recompiles from the environment: a tensor size change and an int change
# env: TORCH_LOGS=recompiles
import torch


@torch.compile(backend="eager", dynamic=False)
def fn(x, k):
    return x + k


print(fn(torch.ones(2), 1))
print(fn(torch.ones(3), 1))
print(fn(torch.ones(3), 2))
