# range(n) over a dynamic int needs its value: the loop specializes n (an Eq guard), so each n recompiles
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    for _ in range(n):
        x = x * 2
    return x


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2)
for n in (2, 3, 4):
    print(n, torch.allclose(opt(x, n), fn(x, n)), cnt.frame_count)
