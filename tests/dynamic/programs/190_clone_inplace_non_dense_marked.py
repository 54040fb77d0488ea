# clone and in-place ops on non-dense tensors whose size is marked dynamic keep the size symbolic (no ConstraintViolationError): the clone gets contiguous strides, an in-place op writes its tensor's own strides, also where autograd saves a copy
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, w):
    y = x.clone()
    x.add_(1)
    h = (w * 1)[..., ::2]
    return y, x.mul_(2), h.mul_(w[:, 1:3])


opt = torch.compile(fn, backend=cnt)
for n in (6, 8, 5):
    base = torch.arange(n * 2, dtype=torch.float32).reshape(n, 2)
    x, ref = base[..., ::2], base.clone()[..., ::2]
    w = torch.linspace(-1, 1, n * 4).reshape(n, 4).requires_grad_()
    torch._dynamo.mark_dynamic(x, 0)
    torch._dynamo.mark_dynamic(w, 0)
    y, z, h = opt(x, w)
    ry, rz, rh = fn(ref, w)
    (g,) = torch.autograd.grad(h.sum(), w)
    (rg,) = torch.autograd.grad(rh.sum(), w)
    print(n, tuple(y.shape), y.stride(), z.stride(), h.stride(), torch.equal(y, ry), torch.equal(z, rz))
    print("  ", torch.equal(base[..., ::2], ref), torch.equal(h, rh), torch.equal(g, rg))
print("frames", cnt.frame_count)
