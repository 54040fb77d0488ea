# Folding eval-mode batch norm into a preceding linear layer gives the same outputs.
import torch
import torch.nn.functional as F

W = torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 1.0]])
b = torch.tensor([0.1, 0.2, 0.3])
mean = torch.tensor([0.5, -0.5, 1.0])
var = torch.tensor([4.0, 1.0, 0.25])
gamma = torch.tensor([1.0, 2.0, 0.5])
beta = torch.tensor([0.0, 1.0, -1.0])
x = torch.tensor([[1.0, 2.0], [3.0, -1.0]])
ref = F.batch_norm(F.linear(x, W, b), mean, var, gamma, beta, training=False, eps=0.0)
scale = gamma / var.sqrt()
fused = F.linear(x, W * scale[:, None], (b - mean) * scale + beta)
print(ref)
print(fused)
print(torch.allclose(ref, fused))
