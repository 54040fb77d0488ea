# randn and rand for sizes around 16 elements (scalar vs. batched normal sampling) and non-contiguous fills.
import torch

torch.manual_seed(11)
for n in [1, 15, 16, 17, 33]:
    t = torch.randn(n)
    print(n, t[:4], t[-2:])
x = torch.empty(4, 5).t()
x.normal_()
print(x)
y = torch.zeros(6, 4)[:, ::2]
y.uniform_()
print(y)
print(torch.rand(20)[-3:])
