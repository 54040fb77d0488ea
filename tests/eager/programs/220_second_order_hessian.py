# Second derivatives via create_graph and a small Hessian-vector product.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
f = x[0] ** 2 * x[1] + x[1] ** 3
(g,) = torch.autograd.grad(f, x, create_graph=True)
print(g)
rows = []
for i in range(2):
    (row,) = torch.autograd.grad(g[i], x, retain_graph=True)
    rows.append(row)
H = torch.stack(rows)
print(H)
v = torch.tensor([1.0, -1.0])
(hv,) = torch.autograd.grad(g @ v, x)
print(hv, H @ v)
y = torch.tensor(3.0, requires_grad=True)
z = y ** 4
(dz,) = torch.autograd.grad(z, y, create_graph=True)
dz.backward()
print(dz, y.grad)
