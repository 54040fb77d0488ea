# assignments to globals (an int counter and a tensor) inside a compiled function happen every call
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()
calls = 0
last = None


@torch.compile(backend=cnt)
def fn(x):
    global calls, last
    calls = calls + 1
    last = x * 10
    return x + 1


fn(torch.ones(2))
print(calls, last)
fn(torch.zeros(2))
print(calls, last)
print(cnt.frame_count)
