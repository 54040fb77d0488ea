# a loop with no graph break is unrolled into one graph: the op count grows with the trip count
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, n):
    for i in range(n):
        x = x * 2 + i
    return x


print(fn(torch.zeros(2), 3))
print(cnt.frame_count, cnt.op_count)
print(fn(torch.zeros(2), 5))
print(cnt.frame_count, cnt.op_count)
