# side effects made before a graph break are applied before the break's code runs
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()
log = []


@torch.compile(backend=cnt)
def fn(x):
    log.append("before")
    y = x + 1
    print("log at break:", log)
    log.append("after")
    return y * 2


print(fn(torch.ones(2)))
print(log)
print(cnt.frame_count, cnt.op_count)
