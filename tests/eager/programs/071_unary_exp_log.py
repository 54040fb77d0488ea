# exp, exp2, expm1, log, log1p, log2, log10 on float32 and float64, including zero and negative inputs.
import torch

x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 1.0, 3.0])
print(torch.exp(x))
print(torch.exp2(x))
print(torch.expm1(x))
p = torch.tensor([0.0, 0.25, 1.0, 2.0, 10.0, -1.0])
print(torch.log(p))
print(torch.log1p(p))
print(torch.log2(p))
print(torch.log10(p))
d = x.double()
print(d.exp())
print(torch.log(torch.tensor([1e-300, 1e300], dtype=torch.float64)))
print(f"{torch.expm1(torch.tensor([1e-10], dtype=torch.float64)).item():.10e}")
print(f"{torch.log1p(torch.tensor([1e-10], dtype=torch.float64)).item():.10e}")
print(torch.tensor([1, 2, 3]).exp())
print(torch.tensor([1, 4, 8]).log2())
