# div with rounding_mode None, 'trunc' and 'floor' on mixed signs, for floats and ints.
import torch

a = torch.tensor([7.0, -7.0, 7.0, -7.0, 5.5, -5.5])
b = torch.tensor([2.0, 2.0, -2.0, -2.0, 2.0, 2.0])
print(torch.div(a, b))
print(torch.div(a, b, rounding_mode="trunc"))
print(torch.div(a, b, rounding_mode="floor"))
ia = torch.tensor([7, -7, 7, -7, 0])
ib = torch.tensor([2, 2, -2, -2, 3])
print(torch.div(ia, ib))
print(torch.div(ia, ib, rounding_mode="trunc"))
print(torch.div(ia, ib, rounding_mode="floor"))
print(ia.div(3, rounding_mode="floor"), ia.div(3, rounding_mode="trunc"))
print(torch.div(torch.tensor([1.0, -1.0, 0.0]), 0.0))
print(torch.div(torch.tensor([1.0, -1.0]), 0.0, rounding_mode="floor"))
x = torch.tensor([9.0, -9.0])
x.div_(4, rounding_mode="floor")
print(x)
