# torch.finfo / torch.iinfo attributes, is_floating_point, is_signed and dtype itemsize.
import torch

for dt in [torch.float32, torch.float64, torch.float16, torch.bfloat16]:
    fi = torch.finfo(dt)
    print(dt, fi.bits, fi.eps, fi.max, fi.min, fi.tiny)
for dt in [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64]:
    ii = torch.iinfo(dt)
    print(dt, ii.bits, ii.min, ii.max)
for dt in [torch.float32, torch.int64, torch.bool, torch.uint8]:
    print(dt, dt.is_floating_point, dt.is_signed, dt.itemsize)
x = torch.tensor([1, 2])
print(x.is_floating_point(), x.float().is_floating_point(), torch.is_tensor(x), torch.is_floating_point(x))
print(torch.numel(torch.zeros(3, 4)), x.type(), x.float().type(), x.double().type())
