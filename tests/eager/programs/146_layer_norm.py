# F.layer_norm over the last one and two dims, with and without weight/bias, and eps.
import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [2.0, 2.0, 2.0, 6.0]])
print(F.layer_norm(x, (4,)))
print(F.layer_norm(x, (4,), weight=torch.tensor([1.0, 2.0, 0.5, 0.0]), bias=torch.tensor([0.0, 0.0, 1.0, 1.0])))
print(F.layer_norm(x, (4,), eps=1.0))
y = torch.arange(12.0).reshape(2, 2, 3)
print(F.layer_norm(y, (2, 3)))
z = F.layer_norm(y, (3,))
print((z.mean(-1).abs() < 1e-5).all(), ((z.var(-1, unbiased=False) - 1).abs() < 1e-3).all())
print(F.rms_norm(x, (4,)))
