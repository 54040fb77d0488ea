# TORCH_LOGS=guards: the dynamic entry's TENSOR_MATCH has size=[None, 2] and a LAMBDA_GUARD keeps 2 <= size
# env: TORCH_LOGS=guards
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.abs() - 1


opt = torch.compile(fn, backend=cnt)
for rows in (3, 5):
    x = -torch.ones(rows, 2)
    print(rows, torch.allclose(opt(x), fn(x)))
print("frames", cnt.frame_count)
