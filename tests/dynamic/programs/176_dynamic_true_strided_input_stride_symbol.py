# dynamic=True with a padded column-major input: a stride that is no product of sizes becomes a duck-sized symbol of its own ([1, s2])
# env: TORCH_LOGS=dynamic,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * 2 + 1


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows, cols in ((4, 6), (5, 8), (3, 10)):
    x = torch.empty_strided((rows, cols), (1, rows + 3))
    x.copy_(torch.arange(rows * cols, dtype=torch.float32).view(rows, cols))
    print(x.shape, x.stride(), torch.equal(opt(x), fn(x)), cnt.frame_count)
