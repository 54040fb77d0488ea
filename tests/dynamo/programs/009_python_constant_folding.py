# Python arithmetic on constants is folded at trace time: only the tensor ops reach the graph
import math
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()
SIZES = [1, 2, 3, 4]


@torch.compile(backend=cnt)
def fn(x):
    scale = sum(SIZES) * 2
    offset = math.sqrt(16.0) + len(SIZES)
    names = ["a", "b"] + ["c"]
    k = len(names) ** 2
    return x * scale + offset + k


print(fn(torch.zeros(2)))
print(cnt.frame_count, cnt.op_count)
