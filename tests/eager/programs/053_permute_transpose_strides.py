# permute, transpose, t and mT change strides without copying; contiguous() copies.
import torch

x = torch.arange(24).reshape(2, 3, 4)
print(x.stride(), x.is_contiguous())
p = x.permute(2, 0, 1)
print(p.shape, p.stride(), p.is_contiguous())
print(p[1])
t = x.transpose(0, 2)
print(t.shape, t.stride())
print(x.transpose(-1, -2).shape, x.mT.shape)
m = torch.arange(6).reshape(2, 3)
print(m.t(), m.T.stride(), m.t().t().is_contiguous())
c = p.contiguous()
print(c.stride(), c.is_contiguous(), c.data_ptr() == x.data_ptr())
print(torch.equal(c, p))
print(x.movedim(0, -1).shape, x.swapaxes(0, 1).shape)
print(torch.arange(5).t())
