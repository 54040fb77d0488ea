# tensor values are not guarded: same metadata with other data reuses the graph
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, y):
    return x * y - 1


print(fn(torch.ones(3), torch.ones(3)))
print(fn(torch.arange(3.0), torch.full((3,), 5.0)))
print(fn(torch.tensor([7.0, -1.0, 0.5]), torch.zeros(3)))
print(cnt.frame_count, cnt.op_count)
