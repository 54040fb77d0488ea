# @torch.compiler.disable(recursive=False) as a decorator, called from a compiled function
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def helper(x):
    return x + 1


@torch.compiler.disable(recursive=False)
def skipped(x):
    return helper(x) * helper(x)


@torch.compile(backend=cnt)
def fn(x):
    return skipped(x - 1)


print(fn(torch.full((2,), 3.0)))
print(cnt.frame_count, cnt.op_count)
