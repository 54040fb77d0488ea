# a global function called by the compiled code is guarded by identity: rebinding it recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def act(t):
    return t.relu()


def act2(t):
    return t.abs()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return act(x) + 1


x = torch.tensor([-2.0, 3.0])
print(fn(x))
act = act2
print(fn(x))
print(cnt.frame_count)
