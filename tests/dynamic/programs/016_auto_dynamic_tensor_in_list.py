# automatic dynamic: a tensor inside a list argument is tracked by its source L['xs'][0] and becomes dynamic too
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(xs):
    return xs[0] * 2 + xs[1]


opt = torch.compile(fn, backend=cnt)
for rows in (2, 3, 4):
    xs = [torch.ones(rows), torch.tensor(1.0)]
    print(rows, torch.allclose(opt(xs), fn(xs)))
print("frames", cnt.frame_count)
