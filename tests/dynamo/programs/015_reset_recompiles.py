# torch._dynamo.reset() drops every cache entry: the next call compiles again
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    return x.cos()


x = torch.zeros(2)
fn(x)
fn(x)
print(cnt.frame_count)
torch._dynamo.reset()
fn(x)
print(cnt.frame_count)
fn(x)
print(cnt.frame_count)
