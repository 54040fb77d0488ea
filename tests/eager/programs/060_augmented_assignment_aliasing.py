# x += 1 mutates in place (aliases see it) while x = x + 1 rebinds to a new tensor.
import torch

a = torch.tensor([1, 2, 3])
b = a
a += 1
print(a, b, a is b)
a = a + 1
print(a, b, a is b)
c = torch.ones(2, 2)
d = c[0]
c *= 3
print(d)
c = c * 2
print(d, c)
e = torch.tensor([1.0, 2.0])
alias = e
e -= torch.tensor([0.5, 0.5])
e /= 2
print(alias)
lst = [torch.zeros(2)]
t = lst[0]
t += 1
print(lst)
