# a frame with no tensor-related values is skipped; one that creates tensors is compiled
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def add_ints(a, b):
    return a * 10 + b


@torch.compile(backend=cnt)
def make(n):
    return torch.ones(2) * n


print(add_ints(1, 2), add_ints(3, 4))
print(cnt.frame_count)
print(make(3))
print(cnt.frame_count, cnt.op_count)
