# mark_dynamic(min=2, max=16) with a branch x.size(0) <= 10: not all values in the range satisfy the guard, an error
# env: TORCH_LOGS=dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    if x.size(0) <= 10:
        return x - 1
    return x + 1


opt = torch.compile(fn, backend=cnt)
x = torch.ones(6)
print(torch.allclose(fn(x), x - 1))
torch._dynamo.mark_dynamic(x, 0, min=2, max=16)
try:
    opt(x)
except Exception as exc:
    print(type(exc).__name__)
    for line in str(exc).splitlines()[:2]:
        print(line.strip())
print("frames", cnt.frame_count)
