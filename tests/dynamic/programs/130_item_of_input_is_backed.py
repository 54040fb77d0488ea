# .item() of an int tensor input (capture_scalar_outputs) is a backed symbol with the source L['k'].item(): guards work
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

torch._dynamo.config.capture_scalar_outputs = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(x, k):
    n = k.item()
    if n > 3:
        return x * n
    return x - n


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2)
for value in (5, 9, 1, 2):
    k = torch.tensor(value)
    print(value, torch.allclose(opt(x, k), fn(x, k)), cnt.frame_count)
