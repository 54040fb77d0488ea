# TORCH_LOGS=graph_code from the environment: dtypes, scalars and several outputs in annotations
# env: TORCH_LOGS=graph_code
import torch


@torch.compile(backend="eager")
def f(x, n):
    i = x.to(torch.int64) * n
    m = x.mean()
    return i, m, x > m


print(f(torch.arange(4.0), 3))
