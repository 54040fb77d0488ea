# pow with tensor^scalar, scalar^tensor, tensor^tensor, negative bases, int tensors and fractional exponents.
import torch

x = torch.tensor([-2.0, -1.0, 0.0, 0.5, 2.0, 3.0])
print(x ** 2)
print(x ** 0.5)
print(x ** -1)
print(2 ** x)
print(torch.pow(x, torch.tensor([3.0, 2.0, 0.0, 2.0, -2.0, 0.5])))
i = torch.tensor([-2, 0, 1, 3])
print(i ** 2, i ** 3, torch.pow(i, 0))
print(2 ** torch.tensor([0, 1, 10, 62]))
print(torch.tensor([2, 3]) ** torch.tensor([3, 2]))
print(torch.tensor([2, 4]) ** 0.5)
print(torch.pow(torch.tensor([0.0, 0.0]), torch.tensor([0.0, -1.0])))
print(torch.float_power(torch.tensor([2, 3]), 2))
y = torch.tensor([1.5, 2.0])
y.pow_(2)
print(y)
try:
    print(torch.tensor([2, 3]) ** -1)
except RuntimeError as e:
    print("RuntimeError:", e)
