# values live across a graph break that the runtime-assert pass hash-conses into one graph output (n * n twice) or into an input's size symbol (x.size(0) + 0) are rebuilt from the right outputs, also where the eager backend's graph runs inline in the frame
import torch
from torch._dynamo.utils import counters


def square_twice(x, n):
    a = n * n
    b = n * n
    torch._dynamo.graph_break()
    return x + a + b


def size_twice(x):
    a = x.size(0) + 0
    b = x.shape[0] * 1
    y = x * 2
    torch._dynamo.graph_break()
    return y + a + b, a, b


def forward_backend(gm, example_inputs):
    return gm.forward


for backend in ("eager", forward_backend):
    before = counters["stats"]["unique_graphs"]
    opt_square = torch.compile(square_twice, backend=backend, dynamic=True)
    opt_size = torch.compile(size_twice, backend=backend, dynamic=True)
    for n in (2, 3, 5):
        x = torch.arange(n, dtype=torch.float32)
        print(n, torch.equal(opt_square(x, n), square_twice(x, n)))
        out, a, b = opt_size(x)
        ref, ra, rb = size_twice(x)
        print(n, torch.equal(out, ref), (a, b) == (ra, rb), type(a).__name__)
    print("graphs", counters["stats"]["unique_graphs"] - before)
    torch._dynamo.reset()
