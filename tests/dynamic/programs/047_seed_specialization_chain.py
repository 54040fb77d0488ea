# seed 001 "What is a specialization?": == 10 and <= 30 branches on a dynamic size give three graphs for five sizes
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def f(x):
    if x.size()[0] == 10:
        return x * 10

    if x.size()[0] <= 30:
        return x * 200

    return x * x.size()[0]


opt = torch.compile(f, backend=cnt, dynamic=True)
for rows in (10, 20, 30, 40, 50):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x), f(x)), cnt.frame_count)
