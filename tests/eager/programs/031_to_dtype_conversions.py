# .to(dtype), .float(), .long(), .int(), .bool(), .half(), .double() and their printed results.
import torch

x = torch.tensor([-2.7, -0.5, 0.0, 0.4, 1.5, 2.9])
print(x.to(torch.int64))
print(x.long(), x.int(), x.short())
print(x.bool())
print(x.half())
print(x.double())
print(x.to(torch.bfloat16))
print(x.to(dtype=torch.int8))
i = torch.tensor([0, 1, 2, -3])
print(i.float(), i.bool(), i.to(torch.float64))
print(torch.tensor([True, False]).float(), torch.tensor([True, False]).long())
y = x.float()
print(y is x, x.to(torch.float32) is x, x.to(torch.float64) is x)
print(x.type(torch.int32))
print(x.to(torch.float64).dtype, x.dtype)
z = torch.arange(4).to(torch.float16) / 3
print(z, z.float())
print(x.to(x.dtype) is x, x.type_as(i))
