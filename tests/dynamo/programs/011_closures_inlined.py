# closures and nested functions defined inside or outside the compiled function are traced through
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def make_scaler(k):
    def scale(t):
        return t * k
    return scale


times3 = make_scaler(3)


@torch.compile(backend=cnt)
def fn(x):
    offset = x.sum()

    def shift(t):
        return t + offset

    return shift(times3(x))


print(fn(torch.tensor([1.0, 2.0])))
print(cnt.frame_count, cnt.op_count)
