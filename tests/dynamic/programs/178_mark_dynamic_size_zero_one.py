# mark_dynamic on a dim of size 0 or 1 specializes it silently (2.14 accepts the 0/1 specialization of a plain mark_dynamic); with min= it is a ConstraintViolationError
# env: TORCH_LOGS=recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * 2


opt = torch.compile(fn, backend=cnt)
for n in (0, 1, 4):
    x = torch.ones(n, 3)
    torch._dynamo.mark_dynamic(x, 0)
    print(n, opt(x).shape, torch.equal(opt(x), fn(x)), "frames", cnt.frame_count)

torch._dynamo.reset()
x = torch.ones(1, 3)
torch._dynamo.mark_dynamic(x, 0, min=1, max=8)
try:
    opt(x)
except Exception as exc:
    print(type(exc).__name__)
    print(str(exc).splitlines()[0])
print("frames", cnt.frame_count)
