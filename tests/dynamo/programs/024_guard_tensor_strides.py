# a transposed view has the same sizes but other strides: the guard fails on the stride
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x):
    return x + 1


a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(6.0).reshape(3, 2).t()
print(a.stride(), b.stride())
print(fn(a))
print(fn(b))
print(fn(b.contiguous()))
print(cnt.frame_count)
