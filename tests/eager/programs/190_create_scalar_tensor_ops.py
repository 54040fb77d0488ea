# torch.scalar_tensor, torch.zeros with out=, torch.tensor of 0-d values and torch.stack of scalars.
import torch

s = torch.scalar_tensor(3)
print(s, s.dtype, s.dim())
print(torch.scalar_tensor(True), torch.scalar_tensor(2, dtype=torch.int64))
vals = [torch.tensor(1.5), torch.tensor(2.5), torch.tensor(-1.0)]
print(torch.stack(vals))
print(torch.tensor([v.item() for v in vals]))
out = torch.empty(2, 2)
torch.zeros(2, 2, out=out)
print(out)
torch.ones(3, out=out)
print(out, out.shape)
print(torch.heaviside(torch.tensor([-1.0, 0.0, 2.0]), torch.tensor(0.5)))
