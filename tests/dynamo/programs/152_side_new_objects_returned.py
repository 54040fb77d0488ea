# objects, lists and dicts created inside the compiled function are rebuilt for the caller
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


class Box:
    def __init__(self, value, label):
        self.value = value
        self.label = label


@torch.compile(backend=cnt)
def fn(x):
    b = Box(x + 1, "box")
    return b, [b.value, {"twice": b.value * 2}]


b, rest = fn(torch.ones(2))
print(type(b).__name__, b.label, b.value)
print(rest[0] is b.value, rest[1]["twice"])
print(cnt.frame_count, cnt.op_count)
