# Binary ops with out= tensors (resized when empty) and the dtype of results written to out.
import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([4.0, 5.0, 6.0])
out = torch.empty(3)
r = torch.add(a, b, out=out)
print(out, r is out)
torch.mul(a, b, out=out)
print(out)
o2 = torch.empty(0)
torch.sub(b, a, out=o2)
print(o2, o2.shape)
o3 = torch.zeros(3, dtype=torch.float64)
torch.div(a, b, out=o3)
print(o3)
o4 = torch.zeros(3, dtype=torch.bool)
torch.gt(a, 1.5, out=o4)
print(o4)
try:
    torch.add(a, b, out=torch.zeros(3, dtype=torch.int64))
except RuntimeError as e:
    print("RuntimeError:", e)
