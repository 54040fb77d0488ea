# the grad mode of the caller is respected and guarded: under no_grad the result does not require grad
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    return x.exp()


x = torch.zeros(2, requires_grad=True)
with torch.no_grad():
    print(fn(x))
print(fn(x))
with torch.no_grad():
    print(fn(x))
print(cnt.frame_count)
