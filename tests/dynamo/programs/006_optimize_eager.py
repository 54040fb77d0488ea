# torch._dynamo.optimize("eager") and optimize(backend) as decorators, like torch.compile
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch._dynamo.optimize("eager")
def f(x):
    return x.abs() + 1


@torch._dynamo.optimize(cnt)
def g(x):
    return x.neg().exp()


x = torch.tensor([-1.0, 0.0, 2.0])
print(f(x))
print(torch.equal(f(x), x.abs() + 1))
print(g(torch.zeros(3)))
print(cnt.frame_count, cnt.op_count)
g(torch.zeros(3))
print(cnt.frame_count, cnt.op_count)
