# A realistic elementwise computation: a smooth-L1 style loss and a gated update rule written with binary ops.
import torch

pred = torch.tensor([0.2, 1.7, -0.4, 3.0, 2.2])
target = torch.tensor([0.0, 1.0, 0.0, 1.0, 2.5])
diff = (pred - target).abs()
beta = 1.0
loss = torch.where(diff < beta, 0.5 * diff ** 2 / beta, diff - 0.5 * beta)
print(loss)
print(loss.mean())
w = torch.tensor([1.0, -2.0, 0.5, 4.0, 0.0])
g = torch.tensor([0.1, -0.3, 0.0, 2.0, -1.0])
gate = torch.sigmoid(g * 4)
w_new = w - 0.1 * gate * g + 0.01 * torch.sign(w) * (w.abs() > 1)
print(gate)
print(w_new)
