# setting attributes of an existing object inside a compiled function, seen after each call
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


class Stats:
    def __init__(self):
        self.calls = 0
        self.last = None


stats = Stats()


@torch.compile(backend=cnt)
def fn(x, s):
    s.calls = s.calls + 1
    s.last = x.sum()
    return x * 2


fn(torch.ones(3), stats)
print(stats.calls, stats.last)
fn(torch.full((3,), 2.0), stats)
print(stats.calls, stats.last)
print(cnt.frame_count)
