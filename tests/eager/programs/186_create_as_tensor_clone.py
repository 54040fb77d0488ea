# torch.as_tensor shares memory with tensors of matching dtype; clone and torch.tensor-like copies.
import torch

x = torch.tensor([1.0, 2.0, 3.0])
a = torch.as_tensor(x)
print(a is x, a.data_ptr() == x.data_ptr())
b = torch.as_tensor(x, dtype=torch.float64)
print(b.data_ptr() == x.data_ptr(), b.dtype)
c = torch.as_tensor([1, 2, 3])
print(c, c.dtype)
d = torch.as_tensor([[0.5, 1.5]], dtype=torch.float16)
print(d)
e = x.clone()
e[0] = 10
print(x, e)
f = x.detach().clone()
print(f.data_ptr() == x.data_ptr(), torch.equal(f, x))
print(torch.as_tensor(3.5), torch.as_tensor(True))
print(torch.asarray([1, 2]), torch.asarray(x) is x)
