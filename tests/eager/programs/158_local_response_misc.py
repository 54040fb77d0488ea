# Miscellaneous functional ops: glu, softsign, tanhshrink, threshold, prelu, celu, selu on one input.
import torch
import torch.nn.functional as F

x = torch.tensor([[-2.0, -0.5, 0.0, 0.5, 2.0, 3.0]])
print(F.glu(x, dim=1))
print(F.softsign(x))
print(F.tanhshrink(x))
print(F.threshold(x, 0.4, -9.0))
print(F.prelu(x, torch.tensor([0.25])))
print(F.celu(x, alpha=2.0))
print(F.selu(x))
print(F.hardshrink(x, 0.6), F.softshrink(x, 0.6))
print(F.logsigmoid(torch.tensor([0.0])), F.softmax(x, 1))
