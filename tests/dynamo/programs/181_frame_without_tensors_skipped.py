# a resume function whose frame holds no tensor is not compiled (no frame id)
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()
calls = []


def log(n):
    calls.append(n)
    return n + 1


@torch.compile(backend=cnt)
def fn(x):
    y = x.sum()
    print("break")
    n = log(3)
    return n * 2


print(fn(torch.ones(3)))
print(fn(torch.ones(3)))
print(cnt.frame_count, cnt.op_count, calls)
