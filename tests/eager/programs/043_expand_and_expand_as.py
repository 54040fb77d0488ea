# expand, expand_as with -1 and new leading dims; expanded tensors share memory with stride 0.
import torch

x = torch.tensor([[1], [2], [3]])
y = x.expand(3, 4)
print(y)
print(y.stride(), y.is_contiguous())
z = x.expand(2, -1, 5)
print(z.shape, z.stride())
print(x.expand_as(torch.zeros(3, 2)))
v = torch.tensor([1.0, 2.0])
print(v.expand(3, 2))
x[1, 0] = 20
print(y)
w = torch.tensor(5.0).expand(2, 3)
print(w, w.stride())
print(y.contiguous().stride(), y.contiguous().is_contiguous())
s = torch.ones(1, 3).expand(4, 3).sum(0)
print(s)
