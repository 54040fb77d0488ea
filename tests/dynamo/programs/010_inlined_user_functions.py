# calls to user functions are inlined into one graph: one frame, the ops of all callees
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def square(t):
    return t * t


def norm2(t):
    return square(t).sum()


def scaled(t, k):
    return t / k


@torch.compile(backend=cnt)
def fn(x):
    return scaled(x, norm2(x)) + square(x)


x = torch.tensor([1.0, 1.0, 2.0])
print(fn(x))
print(torch.allclose(fn(x), scaled(x, norm2(x)) + square(x)))
print(cnt.frame_count, cnt.op_count)
