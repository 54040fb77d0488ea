# reshape returns a view when strides allow and a copy otherwise; checked via data_ptr equality.
import torch

x = torch.arange(6).reshape(2, 3)
r1 = x.reshape(3, 2)
print(r1.data_ptr() == x.data_ptr())
t = x.t()
r2 = t.reshape(6)
print(r2, r2.data_ptr() == x.data_ptr())
r2[0] = 99
print(x)
r3 = t.reshape(3, 2)
print(r3.data_ptr() == x.data_ptr(), r3.stride())
r4 = x.reshape(-1)
r4[1] = -5
print(x)
s = x[:, ::2]
print(s.reshape(4).data_ptr() == x.data_ptr(), s.is_contiguous())
print(x.flatten().data_ptr() == x.data_ptr(), t.flatten().data_ptr() == x.data_ptr())
print(torch.reshape(torch.arange(4), (2, 2)))
