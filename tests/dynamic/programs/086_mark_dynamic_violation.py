# mark_dynamic on a dim the code specializes (x.size(0) == 8) raises ConstraintViolationError at compile time
# env: TORCH_LOGS=dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    if x.size(0) == 8:
        return x * 2
    return x


opt = torch.compile(fn, backend=cnt)
x = torch.ones(8)
print(torch.allclose(fn(x), x * 2))
torch._dynamo.mark_dynamic(x, 0)
try:
    opt(x)
except Exception as exc:
    print(type(exc).__name__)
    print(str(exc).splitlines()[0])
    print("You marked L['x'].size()[0] as dynamic" in str(exc))
print("frames", cnt.frame_count)
