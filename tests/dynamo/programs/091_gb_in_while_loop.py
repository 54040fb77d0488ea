# a print inside a while loop skips the frame; code after the loop is not compiled either
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x, n):
    i = 0
    while i < n:
        x = x * 2
        print("step", i)
        i += 1
    return x.sum()


print(fn(torch.ones(2), 3))
print(cnt.frame_count, cnt.op_count)
