# clone copies, detach aliases, copy_ writes into existing memory with broadcasting and casting.
import torch

x = torch.tensor([1.0, 2.0, 3.0])
c = x.clone()
d = x.detach()
c[0] = 10.0
d[1] = 20.0
print(x, c, d)
print(c.data_ptr() == x.data_ptr(), d.data_ptr() == x.data_ptr())
y = torch.zeros(2, 3)
y.copy_(x)
print(y)
z = torch.zeros(3, dtype=torch.int32)
z.copy_(torch.tensor([1.7, -2.2, 3.9]))
print(z)
t = torch.arange(6).reshape(2, 3).t()
tc = t.clone()
print(tc.stride(), tc.is_contiguous())
tcc = t.clone(memory_format=torch.contiguous_format)
print(tcc.stride())
