# the view scatters functionalization emits: slice_scatter / select_scatter / diagonal_scatter keep self's layout, check src's size, and carry one autograd node each; narrow_copy copies contiguously
import torch

base = torch.arange(12.0).reshape(3, 4)
print(torch.slice_scatter(base, torch.zeros(3, 2), dim=1, start=1, end=3))
print(base.slice_scatter(torch.ones(1, 4), start=2), torch.slice_scatter(base, -torch.ones(2, 4), step=2))
print(torch.select_scatter(base, torch.tensor([7.0, 8.0, 9.0]), 1, -1), base.select_scatter(torch.zeros(4), 0, 0))
print(torch.diagonal_scatter(base, torch.tensor([-1.0, -2.0, -3.0])), base.diagonal_scatter(torch.zeros(3), 1), torch.diagonal_scatter(base, torch.ones(2), -1))
t = base.t()
s = torch.slice_scatter(t, torch.zeros(4, 1), dim=1, start=0, end=1)
print(s.stride(), s.is_contiguous(), torch.select_scatter(t, torch.ones(3), 0, 1).stride())
for f in [lambda: torch.slice_scatter(base, torch.zeros(3, 3), dim=1, start=1, end=3), lambda: torch.select_scatter(base, torch.zeros(3), 0, 0),
          lambda: torch.diagonal_scatter(base, torch.zeros(4)), lambda: torch.select_scatter(base, torch.zeros(4), 0, 5)]:
    try:
        f()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
x = torch.ones(3, 4, requires_grad=True)
src = torch.full((3, 2), 2.0, requires_grad=True)
y = torch.slice_scatter(x * 1, src, dim=1, start=1, end=3)
print(y.grad_fn.name())
(y * torch.arange(12.0).reshape(3, 4)).sum().backward()
print(x.grad, src.grad)
x.grad = None
v = torch.tensor([5.0, 6.0, 7.0], requires_grad=True)
z = torch.select_scatter(x, v, 1, 2)
w = torch.diagonal_scatter(x, v, 0)
print(z.grad_fn.name(), w.grad_fn.name())
((z + w) * torch.arange(12.0).reshape(3, 4)).sum().backward()
print(x.grad, v.grad)
n = t.narrow_copy(0, 1, 2)
print(n, n.stride(), n.is_contiguous(), torch.narrow_copy(base, 1, -2, 2))
m = torch.narrow_copy(x, 1, 1, 2)
print(m.grad_fn.name())
x.grad = None
(m * torch.tensor([1.0, 2.0])).sum().backward()
print(x.grad)
