# as_strided windows over a storage, storage_offset and overlapping views.
import torch

x = torch.arange(10.0)
win = x.as_strided((4, 3), (2, 1))
print(win)
off = x.as_strided((2, 2), (3, 1), 4)
print(off, off.storage_offset())
diag = torch.arange(16).reshape(4, 4).as_strided((4,), (5,))
print(diag)
y = torch.arange(9).reshape(3, 3)
print(y.diagonal(), y.diagonal(1), y.diagonal(-1))
print(y.diagonal().stride(), y.diagonal(1).storage_offset())
x[2] = 50
print(win[1])
print(x[3:].storage_offset(), x[3:][2:].storage_offset(), x.as_strided((3,), (1,), 7))
