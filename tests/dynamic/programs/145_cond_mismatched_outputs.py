# torch.cond whose branches return different shapes cannot be captured: the compiled call raises, nothing compiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return torch.cond(x.sum() > 0, lambda t: t.sum(0), lambda t: t * 1, (x,))


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2, 2)
print(torch.allclose(x.sum(0), torch.tensor([2.0, 2.0])))
try:
    opt(x)
except Exception as exc:
    print(type(exc).__name__)
print("frames", cnt.frame_count)
