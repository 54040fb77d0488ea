# a bool flag selects a branch at trace time: each value gets its own graph
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, flag):
    if flag:
        return x.exp()
    return x.neg()


x = torch.zeros(2)
print(fn(x, True))
print(fn(x, False))
print(fn(x, True), fn(x, False))
print(cnt.frame_count, cnt.op_count)
