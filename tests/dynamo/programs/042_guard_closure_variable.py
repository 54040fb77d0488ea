# a closure cell read by the compiled function is guarded; rebinding it with nonlocal recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def make():
    k = 2

    def fn(x):
        return x * k

    def set_k(v):
        nonlocal k
        k = v

    return fn, set_k


fn, set_k = make()
opt = torch.compile(fn, backend=cnt, dynamic=False)
print(opt(torch.ones(2)))
set_k(10)
print(opt(torch.ones(2)))
print(cnt.frame_count)
set_k(2)
print(opt(torch.ones(2)))
print(cnt.frame_count)
