# seed 003, "Graph Break in a Loop": the loop skips the frame, unrolling it through a closure does not
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    for i in range(5):
        x = x + 1
        if i == 3:
            torch._dynamo.graph_break()
    return x
print(fn(torch.zeros(3)), cnt.frame_count)


@torch.compile(backend=cnt)
def fn2(x):
    def inner(i):
        nonlocal x
        x = x + 1
        if i == 3:
            torch._dynamo.graph_break()
    inner(0)
    inner(1)
    inner(2)
    inner(3)
    inner(4)
    return x
print(fn2(torch.zeros(3)), cnt.frame_count)
