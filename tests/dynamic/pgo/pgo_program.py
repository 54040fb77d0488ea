# A function whose input size changes from call to call: automatic dynamic
# compiles it static, then dynamic. With a profile (PGO) from an earlier run,
# it compiles dynamic from the first call.
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounterWithBackend("eager")


@torch.compile(backend=cnt)
def f(x, n):
    return x * 2 + n


for size in (3, 4, 5, 6):
    x = torch.arange(float(size))
    assert torch.equal(f(x, size), x * 2 + size)
print("compiles:", cnt.frame_count)
