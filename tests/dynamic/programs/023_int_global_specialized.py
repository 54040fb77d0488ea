# an int read from a global stays a constant: each new value recompiles, it never becomes a symbol
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()
SCALE = 2


def fn(x):
    return x * SCALE


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2)
for value in (2, 3, 4, 5):
    SCALE = value
    print(value, torch.allclose(opt(x), fn(x)), cnt.frame_count)
