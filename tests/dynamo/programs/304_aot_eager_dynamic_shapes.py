# aot_eager with dynamic shapes: Sym inputs, size arithmetic saved for the backward; results and gradients equal eager on every shape
import torch
import torch.nn.functional as F


def f(x, w):
    h = F.linear(x, w).view(-1)
    return h.softmax(dim=0).sum() * x.shape[0] + h[: x.shape[0] // 2].sum()


cf = torch.compile(f, backend="aot_eager", dynamic=True)
torch.manual_seed(0)
for rows in (3, 5, 8):
    x = torch.randn(rows, 4, requires_grad=True)
    w = torch.randn(6, 4, requires_grad=True)
    out = cf(x, w)
    out.backward()
    gx, gw = x.grad, w.grad
    x.grad = w.grad = None
    expected = f(x, w)
    expected.backward()
    print(rows, torch.allclose(out, expected), torch.allclose(gx, x.grad), torch.allclose(gw, w.grad))
