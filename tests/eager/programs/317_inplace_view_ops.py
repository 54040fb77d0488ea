# in-place view ops (t_, transpose_, squeeze_, unsqueeze_, swapdims_, swapaxes_) and the NumPy-style shape helpers (swapdims, ravel, atleast_1d/2d/3d, hsplit/vsplit/dsplit, adjoint): shapes, strides, versions, grad_fn names, gradients, errors
import torch

x = torch.arange(6.0).reshape(2, 3).requires_grad_(True)
y = x * 1
v0 = y._version
r = y.t_()
print(r is y, y.shape, y.stride(), y.grad_fn.name(), y._version - v0, y.is_contiguous())
(y * torch.arange(6.0).reshape(3, 2)).sum().backward()
print(x.grad)
z = torch.arange(24.0).reshape(2, 3, 4)
print(z.transpose_(0, 2).shape, z.stride(), z.squeeze_().shape, z.unsqueeze_(1).shape, z.swapdims_(0, 1).shape, z.swapaxes_(0, 1).shape)
w = torch.ones(1, 3, 1)
print(w.squeeze_(0).shape, w.squeeze_(-1).shape, torch.ones(1, 2, 1).squeeze_((0, 2)).shape, torch.ones(2, 3).squeeze_(0).shape)
q = torch.arange(6.0).reshape(2, 3).requires_grad_(True) * 1
u = q.unsqueeze_(0).squeeze_(0).t_()
print(u.grad_fn.name(), u.grad_fn.next_functions[0][0].name(), u.grad_fn.next_functions[0][0].next_functions[0][0].name())
u.transpose_(0, 1)
print(u.grad_fn.name(), torch.ones(1, 2, 1, requires_grad=True).clone().squeeze_((0, 2)).grad_fn.name())
print(torch.ones(3).t_().shape, torch.tensor(2.0).t_().shape)
for f in [lambda: torch.arange(6.0).reshape(2, 3).requires_grad_(True).t_(), lambda: torch.ones(2, 3, 4).t_(),
          lambda: torch.ones(3).transpose_(0, 1), lambda: torch.ones(2, 3).unsqueeze_(3), lambda: torch.ones(2, 3).squeeze_(2)]:
    try:
        f()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
m = torch.arange(12.0).reshape(3, 4)
print(torch.swapdims(m, 0, 1).shape, m.swapdims(1, 0).stride(), torch.adjoint(m).shape, m.adjoint().stride())
g = m.clone().requires_grad_(True)
print(torch.ravel(g.t()), g.t().ravel().grad_fn.name(), g.ravel().grad_fn.name())
print(torch.atleast_1d(torch.tensor(1.0)), torch.atleast_2d(torch.tensor(1.0), torch.ones(2)), torch.atleast_3d(torch.ones(2, 3)).shape)
print(torch.atleast_3d([torch.ones(2), torch.tensor(3.0)]), torch.atleast_2d(m) is m, torch.atleast_1d(), torch.atleast_2d(torch.ones(2)).grad_fn)
print(torch.hsplit(m, 2), m.vsplit([1]), torch.hsplit(torch.arange(4.0), [1, 3]))
print([t.shape for t in torch.dsplit(torch.ones(2, 2, 6), 3)], [t.shape for t in m.hsplit([1, 3])])
for f in [lambda: torch.hsplit(torch.ones(3), 2), lambda: torch.hsplit(torch.tensor(1.0), 1), lambda: torch.vsplit(torch.ones(3), 1),
          lambda: torch.dsplit(m, 1), lambda: torch.hsplit(m, 0)]:
    try:
        f()
    except RuntimeError as e:
        print(type(e).__name__, e)
