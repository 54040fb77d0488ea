# reductions and pointwise math model code calls: aminmax (ties share the gradient), nansum, nanmean, asinh/acosh/atanh and the arc* names, logaddexp/logaddexp2, deg2rad/rad2deg, dist, renorm, with grad_fn names, gradients and errors
import math
import torch

x = torch.tensor([[1.0, 5.0, 5.0], [3.0, 2.0, 2.0]], requires_grad=True)
r = torch.aminmax(x)
print(r, r.min.grad_fn.name())
(r.min * 2 + r.max * 3).backward()
print(x.grad)
print(x.aminmax(dim=1, keepdim=True))
print(torch.aminmax(torch.tensor([[1, 5], [3, 2]]), dim=0), torch.tensor([True, False]).aminmax())
print(torch.aminmax(torch.tensor([1.0, math.nan, 2.0])), torch.aminmax(torch.tensor(3.0), dim=0))
n = torch.tensor([[1.0, math.nan, 3.0], [math.nan, math.nan, 4.0]], requires_grad=True)
s = n.nansum(1)
print(s, torch.nansum(n), n.nanmean(), torch.nanmean(n, dim=0), torch.nanmean(n, 1, keepdim=True))
s.sum().backward()
print(n.grad)
print(torch.nansum(torch.ones(2, 3, dtype=torch.int32)), torch.nansum(torch.tensor([1.0, math.nan]), dtype=torch.float64), torch.nansum(torch.ones(0)))
h = torch.linspace(-0.75, 0.75, 5, requires_grad=True)
print(torch.asinh(h), torch.atanh(h), torch.acosh(h.detach() + 2), torch.arcsinh(h).grad_fn.name())
(torch.asinh(h) + torch.atanh(h) + torch.arccosh(h + 2)).sum().backward()
print(h.grad)
a, b = torch.tensor([1.0, 2.0, -math.inf, math.inf]), torch.tensor([3.0, 2.0, -math.inf, math.inf])
print(torch.logaddexp(a, b), torch.logaddexp2(a, b), a.logaddexp(b))
la = torch.tensor([0.5, -1.0], requires_grad=True)
torch.logaddexp(la, la * 2).sum().backward()
print(la.grad)
d = torch.tensor([180.0, 90.0, -45.0], requires_grad=True)
print(torch.deg2rad(d), torch.rad2deg(torch.tensor([math.pi, 1.0], dtype=torch.float64)), torch.deg2rad(torch.tensor([180, 90])))
torch.deg2rad(d).sum().backward()
print(d.grad, torch.tensor([1.0]).deg2rad_())
p, q = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True), torch.tensor([0.0, 1.0], requires_grad=True)
dd = torch.dist(p, q)
print(dd, dd.grad_fn.name(), torch.dist(p, q, 1), p.dist(q, math.inf))
dd.backward()
print(p.grad, q.grad)
w = (torch.arange(12.0).reshape(3, 4) / 4 - 1).requires_grad_(True)
rn = w.renorm(2, 0, 1.0)
print(rn, torch.renorm(torch.ones(3, 2), 1, 1, 0.5))
rn.sum().backward()
print(w.grad[1])
for f in [lambda: torch.aminmax(torch.ones(0)), lambda: torch.aminmax(torch.ones(2, 0), dim=1), lambda: torch.aminmax(torch.ones(2, 3), dim=2),
          lambda: torch.nanmean(torch.ones(2, dtype=torch.int64)), lambda: torch.logaddexp(torch.tensor([1, 2]), torch.tensor([3, 4])),
          lambda: torch.tensor([1]).deg2rad_(), lambda: w.renorm(-1, 0, 1.0), lambda: w.renorm(2, 0, -1.5), lambda: torch.ones(3).renorm(2, 0, 1)]:
    try:
        f()
    except (RuntimeError, IndexError, NotImplementedError) as e:
        print(type(e).__name__, e)
