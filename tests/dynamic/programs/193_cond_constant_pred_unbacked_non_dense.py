# torch.cond with a Python-constant predicate (a static size compared) on a non-dense operand with an unbacked size traces its branch, as an elementwise op outside cond does: the output strides' order does not guard on the unbacked size (Eq(s0*u0, 0))
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    y = torch.cond(x.shape[0] > 2, lambda t: t.sin(), lambda t: t.cos() + 1, (x,))
    return y, x.cos()


opt = torch.compile(fn, backend=cnt)
torch.manual_seed(0)
for shape in ((2, 5, 6), (2, 4, 8)):
    x = torch.randn(shape, dtype=torch.float64)[..., ::2]
    torch._dynamo.decorators.mark_unbacked(x, 2)
    (y, c), (ry, rc) = opt(x), fn(x)
    print(tuple(y.shape), y.stride(), torch.equal(y, ry), torch.equal(c, rc), "frames", cnt.frame_count, "ops", cnt.op_count)
