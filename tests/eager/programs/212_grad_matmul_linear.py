# Gradients of mm, matmul with broadcasting, bmm, F.linear and einsum.
import torch
import torch.nn.functional as F

A = torch.arange(6.0).reshape(2, 3).requires_grad_()
B = torch.arange(12.0).reshape(3, 4).div(4).requires_grad_()
(A @ B).sum().backward()
print(A.grad)
print(B.grad)
x = torch.tensor([[1.0, 2.0]], requires_grad=True)
W = torch.tensor([[1.0, -1.0], [2.0, 0.5], [0.0, 3.0]], requires_grad=True)
b = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
out = F.linear(x, W, b)
(out * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(x.grad, W.grad, b.grad, sep="\n")
P = torch.ones(2, 2, 3, requires_grad=True)
Q = torch.ones(3, 2, requires_grad=True)
(P @ Q).sum().backward()
print(P.grad[0], Q.grad)
u = torch.tensor([1.0, 2.0], requires_grad=True)
v = torch.tensor([3.0, 4.0, 5.0], requires_grad=True)
torch.einsum("i,j->ij", u, v).sum().backward()
print(u.grad, v.grad)
