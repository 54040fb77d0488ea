# ints inside a list are guarded one by one: changing one item recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, sizes):
    return x * sizes[0] + sizes[1]


x = torch.ones(2)
print(fn(x, [2, 3]))
print(cnt.frame_count)
print(fn(x, [2, 3]))
print(cnt.frame_count)
print(fn(x, [2, 4]))
print(cnt.frame_count)
print(fn(x, [5, 4]))
print(cnt.frame_count)
