# copy.deepcopy of a tensor is not traceable: graph break, the copy runs in Python
import copy
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    x = x + 1
    y = copy.deepcopy(x)
    y.add_(1)
    return x + y


print(fn(torch.ones(3, 3)))
print(cnt.frame_count, cnt.op_count)
