# automatic dynamic: an inlined callee sees the caller's symbolic size; its size arithmetic is traced into the graph
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def scale(t):
    return t / t.size(0)


def fn(x):
    return scale(x) + scale(x * 2)


opt = torch.compile(fn, backend=cnt)
for rows in (2, 4, 8):
    x = torch.ones(rows, 3)
    print(rows, torch.allclose(opt(x), fn(x)))
print("frames", cnt.frame_count)
