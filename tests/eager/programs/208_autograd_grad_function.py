# torch.autograd.grad returns gradients without touching .grad; create_graph for second derivatives.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x ** 3).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(g)
(g2,) = torch.autograd.grad(g.sum(), x)
print(g2)
print(x.grad)
a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
f = a * a * b
ga, gb = torch.autograd.grad(f, [a, b])
print(ga, gb)
u = torch.tensor(0.5, requires_grad=True)
v = u.sin()
d1 = torch.autograd.grad(v, u, create_graph=True)[0]
d2 = torch.autograd.grad(d1, u)[0]
print(torch.allclose(d1, u.cos()), torch.allclose(d2, -u.sin()))
print(torch.autograd.grad((x * 2).sum(), x, grad_outputs=torch.tensor(0.5))[0])
