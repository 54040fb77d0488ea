# a marked-dynamic batch through matmul's folding (3-D @ 2-D) and an int index in setitem stays dynamic: no ConstraintViolationError, one compile for three sizes
import torch
from torch._dynamo.testing import CompileCounter


def f(x, w):
    out = (x @ w).softmax(-1)
    out[0] = 1
    return out.sum(dim=(1, 2))


counter = CompileCounter()
opt = torch.compile(f, backend=counter)
w = torch.linspace(-1, 1, 20).view(5, 4)
for batch in (5, 3, 7):
    x = torch.linspace(-2, 2, batch * 20).view(batch, 4, 5)
    torch._dynamo.mark_dynamic(x, 0)
    print(batch, torch.allclose(opt(x, w), f(x, w)))
print("frames", counter.frame_count)
