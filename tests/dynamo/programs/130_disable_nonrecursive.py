# torch.compiler.disable(fn, recursive=False): fn itself runs eagerly, the functions it calls are compiled
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def inner(x):
    return x.sin() + 2


def outer(x):
    y = inner(x)
    return y * 5


outer_nr = torch.compiler.disable(outer, recursive=False)


@torch.compile(backend=cnt)
def fn(x):
    return outer_nr(x * 2) * 3


print(fn(torch.zeros(2)))
print(cnt.frame_count, cnt.op_count)
