# torch._dynamo.reset() forgets automatic dynamic state: after it the first compile is static again
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * 3


opt = torch.compile(fn, backend=cnt)
for phase in range(2):
    for rows in (2, 3, 4):
        x = torch.ones(rows)
        print(phase, rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
    torch._dynamo.reset()
