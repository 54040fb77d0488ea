# config.error_on_recompile turns a recompile into a RecompileError
import torch

torch._dynamo.config.error_on_recompile = True


@torch.compile(backend="eager", dynamic=False)
def fn(x):
    return x + 1


print(fn(torch.ones(2)))
print(fn(torch.zeros(2)))
try:
    fn(torch.ones(3))
except Exception as e:
    print(type(e).__name__)
torch._dynamo.config.error_on_recompile = False
print(fn(torch.ones(3)))
