# a symbolic torch.Size returned from the graph: the caller receives the real sizes of each call as ints
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(y):
    return y + 1, y.shape, y.size(1) * 3


opt = torch.compile(fn, backend=cnt, dynamic=True)
for shape in ((2, 3), (4, 5)):
    y = torch.ones(shape)
    got, want = opt(y), fn(y)
    print(tuple(got[1]), got[2], got[1] == want[1], got[2] == want[2], torch.allclose(got[0], want[0]))
print("frames", cnt.frame_count)
