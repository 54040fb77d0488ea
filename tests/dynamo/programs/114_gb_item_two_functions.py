# .item() in two compiled functions: each one breaks its graph and resumes
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def f(x):
    return x * x.max().item()


@torch.compile(backend=cnt)
def g(x):
    return x + x.min().item()


print(f(torch.tensor([1.0, 3.0])))
print(g(torch.tensor([1.0, 3.0])))
print(cnt.frame_count, cnt.op_count)
