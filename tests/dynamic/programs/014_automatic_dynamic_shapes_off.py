# automatic_dynamic_shapes = False: no size ever becomes dynamic, every new size compiles one more static entry
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

torch._dynamo.config.automatic_dynamic_shapes = False
cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    return x * n


opt = torch.compile(fn, backend=cnt)
for rows in (2, 3, 4):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x, rows), fn(x, rows)))
print("frames", cnt.frame_count)
