# a break in the middle of an expression: values already on the stack are carried into the resume
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def noisy(t):
    print("noisy")
    return t + 100


@torch.compile(backend=cnt)
def fn(x):
    a = x + 1
    return [a * 2, noisy(a), a * 3]


print(fn(torch.zeros(2)))
print(cnt.frame_count, cnt.op_count)
