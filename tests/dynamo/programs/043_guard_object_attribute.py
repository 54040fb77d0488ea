# attributes of a plain Python object argument are guarded by value
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


class Config:
    def __init__(self, a, name):
        self.a = a
        self.name = name


@torch.compile(backend=cnt, dynamic=False)
def fn(x, c):
    return x * c.a


c = Config(2, "first")
print(fn(torch.ones(2), c))
c.name = "renamed"
print(fn(torch.ones(2), c))
print(cnt.frame_count)
c.a = 4
print(fn(torch.ones(2), c))
print(cnt.frame_count)
