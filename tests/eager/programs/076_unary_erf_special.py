# erf, erfc, erfinv, lgamma, digamma, sinc, logit, xlogy and special-module functions.
import torch

x = torch.tensor([-1.0, -0.5, 0.0, 0.5, 1.0, 2.0])
print(torch.erf(x))
print(torch.erfc(x))
print(torch.erfinv(torch.tensor([-0.5, 0.0, 0.5, 0.9])))
print(torch.lgamma(torch.tensor([0.5, 1.0, 2.5, 10.0])))
print(torch.digamma(torch.tensor([1.0, 2.0, 0.5])))
print(torch.sinc(torch.tensor([0.0, 0.25, 0.5, 1.5, -2.5])))
print(torch.logit(torch.tensor([0.25, 0.5, 0.75])))
print(torch.xlogy(torch.tensor([0.0, 1.0, 2.0]), torch.tensor([0.0, 2.0, 3.0])))
print(torch.special.expit(x))
print(torch.special.erf(x[:2]), torch.special.log1p(x[3:]))
