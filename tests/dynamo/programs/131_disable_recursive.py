# torch.compiler.disable (recursive): nothing the disabled function calls is compiled
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def inner(x):
    return x.cos() + 2


@torch.compiler.disable
def outer(x):
    return inner(x) * 5


@torch.compile(backend=cnt)
def fn(x):
    return outer(x * 2) * 3


print(fn(torch.zeros(2)))
print(cnt.frame_count, cnt.op_count)
