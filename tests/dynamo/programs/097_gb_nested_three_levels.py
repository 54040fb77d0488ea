# a break two calls deep: every frame on the way is split and compiled around the break
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def h(x):
    x = x + 3
    print("in h")
    return x * 3


def g(x):
    return h(x + 2) + 2


@torch.compile(backend=cnt)
def f(x):
    return g(x + 1) + 1


print(f(torch.zeros(2)))
print(cnt.frame_count, cnt.op_count)
print(f(torch.zeros(2)))
print(cnt.frame_count, cnt.op_count)
