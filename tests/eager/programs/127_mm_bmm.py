# mm and bmm on small integer-valued float matrices, ints, and the @ operator.
import torch

a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(12.0).reshape(3, 4)
print(torch.mm(a, b))
print(a @ b)
print(a.mm(b).shape)
ia = torch.arange(6).reshape(2, 3)
ib = torch.arange(6).reshape(3, 2)
print(ia @ ib, (ia @ ib).dtype)
x = torch.arange(12.0).reshape(2, 2, 3)
y = torch.arange(12.0).reshape(2, 3, 2) / 2
print(torch.bmm(x, y))
print(x.bmm(y).shape)
print(torch.mm(a.t(), a))
print(torch.eye(3) @ b)
print(torch.mm(torch.zeros(2, 0), torch.zeros(0, 3)))
