# passing the same tensor twice fails the no-aliasing guard: "Duplicate tensors found"
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, y):
    return x + y * 2


a = torch.ones(2)
b = torch.ones(2)
print(fn(a, b))
print(fn(a, a))
print(fn(b, b))
print(cnt.frame_count)
