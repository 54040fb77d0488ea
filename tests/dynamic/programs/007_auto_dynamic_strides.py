# automatic dynamic: a transposed input [n, 3] with strides [1, n]: the symbolic size appears in the stride too
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * 2


opt = torch.compile(fn, backend=cnt)
torch.manual_seed(0)
for rows in (3, 4, 6):
    x = torch.randn(3, rows).t()
    print(x.stride(), torch.allclose(opt(x), fn(x)))
print("frames", cnt.frame_count)
