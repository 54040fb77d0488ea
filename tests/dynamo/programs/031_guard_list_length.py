# a list of tensors: its length is guarded, so one more element recompiles
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(xs):
    total = xs[0]
    for t in xs[1:]:
        total = total + t
    return total


print(fn([torch.ones(2), torch.ones(2)]))
print(fn([torch.ones(2), torch.ones(2), torch.ones(2)]))
print(fn([torch.zeros(2), torch.ones(2)]))
print(cnt.frame_count, cnt.op_count)
