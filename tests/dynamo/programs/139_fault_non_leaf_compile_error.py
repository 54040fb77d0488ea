# non_leaf_compile_error_TESTING_ONLY fails only when a graph input is a non-leaf tensor
import torch


def fn(x):
    return x * 2 + 1


opt = torch.compile(fn, backend="non_leaf_compile_error_TESTING_ONLY")
leaf = torch.ones(2, requires_grad=True)
print(opt(leaf))
torch._dynamo.reset()
try:
    opt(leaf * 3)
except Exception as e:
    print(type(e).__name__)
    print(str(e).splitlines()[0])
