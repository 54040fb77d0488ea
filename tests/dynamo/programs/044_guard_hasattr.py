# hasattr on an object is guarded: adding the attribute later recompiles
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


class Opts:
    pass


@torch.compile(backend=cnt, dynamic=False)
def fn(x, o):
    if hasattr(o, "scale"):
        return x * o.scale
    return x + 1


o = Opts()
print(fn(torch.ones(2), o))
o.scale = 3
print(fn(torch.ones(2), o))
print(cnt.frame_count)
