# counting recompiles: every new shape adds a frame, repeated shapes add nothing
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x.sum() * 2


counts = []
for n in [1, 2, 3, 2, 1, 3, 4]:
    fn(torch.ones(n))
    counts.append(cnt.frame_count)
print(counts)
