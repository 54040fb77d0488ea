# TORCH_LOGS=guards from the environment, for a float64 tensor that requires grad
# env: TORCH_LOGS=guards
import torch


@torch.compile(backend="eager")
def fn(x):
    return x.sin().sum()


x = torch.zeros(3, dtype=torch.float64, requires_grad=True)
out = fn(x)
out.backward()
print(out, x.grad)
