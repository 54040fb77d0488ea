# a global tensor is a graph input: its values may change freely, its shape may not
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()
W = torch.ones(2)


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x * W


print(fn(torch.ones(2)))
W.mul_(3)
print(fn(torch.ones(2)))
W = torch.full((2,), 7.0)
print(fn(torch.ones(2)))
print(cnt.frame_count)
W = torch.ones(1)
print(fn(torch.ones(2)))
print(cnt.frame_count)
