# writing a closure variable with nonlocal from a compiled closure
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def make_accumulator():
    total = torch.zeros(2)

    def add(x):
        nonlocal total
        total = total + x
        return total

    def get():
        return total

    return add, get


add, get = make_accumulator()
opt_add = torch.compile(add, backend=cnt)
opt_add(torch.ones(2))
opt_add(torch.full((2,), 2.0))
print(get())
print(cnt.frame_count, cnt.op_count)
