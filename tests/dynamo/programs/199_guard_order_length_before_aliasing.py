# when several guards of an entry fail, the reason is the one 2.14 checks first: a list's length before the duplicate-input (aliasing) check
# env: TORCH_LOGS=recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def g(xs, y):
    return xs[0] + xs[1] + y


opt = torch.compile(g, backend=cnt)
a = torch.ones(2)
b = torch.ones(2)
print(opt([a, b], b).sum().item(), cnt.frame_count)
print(opt([a, a], b).sum().item(), cnt.frame_count)
print(opt([a, a, a], b).sum().item(), cnt.frame_count)
print(opt([b, a], a).sum().item(), cnt.frame_count)
