# both resume functions of a data-dependent jump are compiled lazily and then reused
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    s = x.sum()
    if s > 2:
        r = x * 10
    else:
        r = x / 10
    return r + s


counts = []
for v in [1.0, 5.0, -1.0, 3.0, 0.0]:
    fn(torch.full((2,), v))
    counts.append(cnt.frame_count)
print(counts)
print(fn(torch.ones(2)), fn(torch.full((2,), 2.0)))
