# with specialize_float a Python float is guarded on its exact value (seed 000: one recompile per value)
import torch
import torch._dynamo.testing

torch._dynamo.config.specialize_float = True
torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, c):
    return x + c


x = torch.zeros(2)
print(fn(x, 0.5))
print(fn(x, 1.5))
print(fn(x, 0.5))
print(fn(x, 2.25))
print(cnt.frame_count, cnt.op_count)
