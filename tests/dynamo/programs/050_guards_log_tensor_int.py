# TORCH_LOGS=guards for a tensor and an int argument: TENSOR_MATCH and EQUALS_MATCH leaves
import torch

torch._logging.set_logs(guards=True)


@torch.compile(backend="eager")
def fn(x, n):
    return x * n


print(fn(torch.ones(2, 3), 3))
