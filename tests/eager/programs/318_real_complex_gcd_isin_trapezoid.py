# more documented ops model code calls: conj/resolve_conj/resolve_neg/real/conj_physical on real tensors (self itself), isreal, imag refused, gcd/lcm, isin, trapezoid/trapz/cumulative_trapezoid with grad_fn names and errors, div's grad_fn names by overload
import torch

x = torch.arange(6.0).reshape(2, 3).requires_grad_(True)
y = x * 1
print(y.conj() is y, y.resolve_conj() is y, y.resolve_neg() is y, torch.real(y) is y, y.real is y, torch.conj_physical(y) is y, y.conj_physical_() is y)
print(torch.isreal(y), y.isreal().dtype)
for f in [lambda: torch.imag(y), lambda: y.imag, lambda: torch.gcd(torch.ones(2), torch.ones(2)), lambda: torch.lcm(torch.tensor([True]), torch.tensor([True])),
          lambda: torch.trapezoid(torch.tensor([True, False])), lambda: torch.trapezoid(y, torch.tensor([0.0, 1.0]))]:
    try:
        f()
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__, e)
print(torch.gcd(torch.tensor([12, -18, 0, 7]), torch.tensor([8, 12, 5, 0])), torch.lcm(torch.tensor([4, 6, 0, -3]), torch.tensor([6, -4, 3, 5])))
g = torch.tensor([[12, 18], [9, 4]], dtype=torch.int32)
print(g.gcd(torch.tensor([6, 2], dtype=torch.int32)), g.lcm_(torch.tensor([[4], [6]], dtype=torch.int32)), g)
print(torch.isin(torch.tensor([1, 2, 3, 4]), torch.tensor([2, 4])), torch.isin(torch.tensor([[1.0, 2.0], [2.5, 3.0]]), 2.0))
print(torch.isin(torch.tensor([1, 2, 3]), torch.tensor([[2], [3]]), invert=True), torch.isin(2, torch.tensor([1, 2])))
t = torch.trapezoid(y)
print(t, t.grad_fn.name(), torch.trapz(y, dx=2.0), torch.trapezoid(y, dim=0), torch.trapezoid(y, dx=0.5, dim=-1))
tx = torch.trapezoid(y, torch.tensor([0.0, 1.0, 3.0]))
print(tx, tx.grad_fn.name(), torch.trapz(y, torch.tensor([[0.0], [2.0]]), dim=0), torch.trapezoid(torch.ones(2, 0)))
c = torch.cumulative_trapezoid(y)
print(c, c.grad_fn.name(), torch.cumulative_trapezoid(y, dim=0, dx=0.5), torch.cumulative_trapezoid(y, torch.tensor([0.0, 1.0, 3.0])))
(t.sum() + tx.sum() + c.sum()).backward()
print(x.grad)
z = torch.ones(2, requires_grad=True)
print(torch.div(z, z, rounding_mode="floor").grad_fn.name(), torch.div(z, 2, rounding_mode="trunc").grad_fn.name(), (z / 2).grad_fn.name())
