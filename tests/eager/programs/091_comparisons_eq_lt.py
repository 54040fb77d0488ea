# eq/ne/lt/le/gt/ge as functions, methods and operators, with scalars, broadcasting and nan.
import torch

a = torch.tensor([1.0, 2.0, float("nan"), 4.0])
b = torch.tensor([1.0, 3.0, float("nan"), 2.0])
print(a == b, a != b)
print(a < b, a <= b, a > b, a >= b)
print(torch.eq(a, 1.0), torch.ne(a, 2), torch.lt(a, 3), torch.le(a, 2), torch.gt(a, 1), torch.ge(a, 4))
print(a.eq(b), a.ne(b), a.lt(b), a.gt(b))
print(3 > a, 2 == a)
m = torch.arange(6).reshape(2, 3)
print(m >= torch.tensor([[1], [4]]))
print(torch.tensor([True, False]) == torch.tensor([1, 0]))
c = torch.tensor([1, 2, 3])
c.lt_(2)
print(c)
print(torch.greater(c, 0), torch.less_equal(c, 0), torch.not_equal(c, 1))
