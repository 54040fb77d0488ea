# mark_unbacked on a dim of size 1 (next to a size-0 dim) under dynamic=False: u0 >= 0 is a fact from the symbol's creation, so a simplification that uses it (0 > u0 is False) holds under translation validation (the dynamic/translation_validation run)
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, flag):
    out = x * 1
    return out if flag else -out


opt = torch.compile(fn, backend=cnt, dynamic=False)
for flag in (True, True, False):
    x = torch.ones(1, 1, 0)
    torch._dynamo.decorators.mark_unbacked(x, 1)
    out = opt(x, flag)
    print(flag, out.shape, torch.equal(out, fn(x, flag)), "frames", cnt.frame_count)
