# automatic dynamic on both dims, then a branch x.shape[0] == x.shape[1]: the Eq guard replaces one symbol by the other
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(c):
    if c.shape[0] == c.shape[1]:
        return c + c.t()
    return c * 2


opt = torch.compile(fn, backend=cnt)
torch.manual_seed(0)
for shape in ((2, 3), (4, 4), (5, 5), (3, 6)):
    c = torch.randn(shape)
    print(shape, torch.allclose(opt(c), fn(c)), cnt.frame_count)
