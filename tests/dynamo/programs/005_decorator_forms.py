# the ways to apply torch.compile: decorator with arguments, wrapping a function, wrapping a lambda
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def double(x):
    return x * 2


def triple(x):
    return x * 3


opt_triple = torch.compile(triple, backend=cnt)
opt_lambda = torch.compile(lambda x: x - 1, backend=cnt)
x = torch.tensor([1.0, 2.0])
print(double(x), opt_triple(x), opt_lambda(x))
print(cnt.frame_count, cnt.op_count)
print(triple(x))
print(cnt.frame_count)
print(callable(opt_triple), opt_triple is triple)
