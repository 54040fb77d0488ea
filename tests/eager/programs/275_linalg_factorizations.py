# LU-based det/slogdet/logdet/inv/solve, singular values and matrix_rank: values, errors and gradients.
import torch

A = torch.tensor([[4.0, 7.0], [2.0, 6.0]], dtype=torch.float64)
B = torch.tensor([[2.0, 1.0, 1.0], [4.0, -6.0, 0.0], [-2.0, 7.0, 2.0]], dtype=torch.float64)
S = torch.tensor([[1.0, 2.0], [2.0, 4.0]])
print(torch.linalg.det(A).item(), torch.linalg.det(A.t()).item(), torch.linalg.det(A.float()).item(), B.det().item())
print(torch.linalg.det(S), torch.linalg.slogdet(B), torch.logdet(B), torch.logdet(A))
print(torch.linalg.slogdet(torch.zeros(2, 2)))
print(torch.linalg.inv(B).tolist(), torch.inverse(A.float()).tolist())
print(torch.linalg.inv_ex(torch.tensor([[0.0, 1.0], [0.0, 0.0]])))
print(torch.linalg.solve(B, torch.tensor([5.0, -2.0, 9.0], dtype=torch.float64)).tolist())
print(torch.linalg.solve(A, torch.ones(3, 2, dtype=torch.float64), left=False).tolist())
print(torch.linalg.solve(torch.eye(2).expand(3, 2, 2), torch.ones(2)).shape,
      torch.linalg.solve(torch.eye(2), torch.ones(4, 2, 5)).shape)
print(torch.linalg.solve_ex(S, torch.ones(2, 1)))
print(torch.linalg.matrix_power(A, -1), torch.linalg.matrix_power(A, -3).tolist())
print(torch.linalg.svdvals(A), torch.linalg.svdvals(torch.tensor([[3.0, 0.0], [0.0, 0.0]])))
print(torch.linalg.svdvals(torch.arange(12.0).reshape(2, 2, 3)).round(decimals=5))
print(torch.linalg.matrix_rank(S), torch.linalg.matrix_rank(B), torch.linalg.matrix_rank(torch.ones(2, 3, 4)))
print(torch.linalg.matrix_rank(S, atol=1.0, rtol=0.0), torch.linalg.matrix_rank(S, tol=10.0),
      torch.linalg.matrix_rank(torch.zeros(2, 0)))
print(torch.linalg.det(torch.zeros(0, 0)), torch.linalg.inv(torch.zeros(2, 0, 0)).shape)


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, isinstance(e, torch.linalg.LinAlgError), e)


show(lambda: torch.linalg.inv(S))
show(lambda: torch.linalg.solve(S, torch.ones(2)))
show(lambda: torch.linalg.inv(torch.tensor([[1, 2], [3, 4]])))
show(lambda: torch.linalg.inv(torch.ones(2, 3)))
show(lambda: torch.linalg.det(torch.ones(3)))
show(lambda: torch.linalg.det(torch.ones(2, 2, dtype=torch.float16)))
show(lambda: torch.linalg.inv(torch.ones(2, 2, dtype=torch.float16)))
show(lambda: torch.linalg.solve(torch.eye(2), torch.ones(2, 3), left=False))
show(lambda: torch.linalg.solve(torch.eye(2), torch.ones(3)))
show(lambda: torch.linalg.solve(torch.eye(2), torch.ones(2, dtype=torch.float64)))
show(lambda: torch.linalg.svdvals(torch.ones(3)))
show(lambda: torch.linalg.matrix_rank(torch.ones(3, 3, dtype=torch.int64)))

X = A.clone().requires_grad_()
d = torch.linalg.det(X)
d.backward()
print(d.grad_fn.name(), X.grad)
Sg = S.double().requires_grad_()
torch.linalg.det(Sg).backward()
print(Sg.grad)
Y = B.clone().requires_grad_()
b = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)
x = torch.linalg.solve(Y, b)
(x * torch.tensor([1.0, -1.0, 2.0], dtype=torch.float64)).sum().backward()
print(x.grad_fn.name(), Y.grad, b.grad)
print(torch.linalg.inv(X).grad_fn.name(), torch.linalg.slogdet(X).logabsdet.grad_fn.name(),
      torch.linalg.svdvals(X).grad_fn.name(), torch.logdet(X).grad_fn.name())

torch.manual_seed(0)
M = torch.randn(3, 4, 4, dtype=torch.float64, requires_grad=True)
R = torch.randn(3, 4, 2, dtype=torch.float64, requires_grad=True)
W = torch.randn(3, 5, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(torch.linalg.det, (M,)), torch.autograd.gradcheck(torch.linalg.inv, (M,)),
      torch.autograd.gradcheck(lambda m: torch.linalg.slogdet(m)[1], (M,)),
      torch.autograd.gradcheck(torch.linalg.svdvals, (W,)), torch.autograd.gradcheck(torch.linalg.solve, (M, R)),
      torch.autograd.gradcheck(lambda m, r: torch.linalg.solve(m, r.mT, left=False), (M, R)))
print(torch.autograd.gradgradcheck(torch.linalg.det, (M,)), torch.autograd.gradgradcheck(torch.linalg.inv, (M,)))
