# under fullgraph=True calling a disabled function is an error
import torch


@torch.compiler.disable
def helper(x):
    return x + 1


@torch.compile(backend="eager", fullgraph=True)
def fn(x):
    return helper(x) * 2


try:
    fn(torch.ones(2))
except Exception as e:
    print(type(e).__name__)
    print(str(e).splitlines()[0])
print(helper(torch.ones(2)))
