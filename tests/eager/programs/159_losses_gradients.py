# Gradients of cross_entropy, mse_loss and layer_norm with respect to their inputs.
import torch
import torch.nn.functional as F

logits = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 1.0]], requires_grad=True)
loss = F.cross_entropy(logits, torch.tensor([1, 2]))
loss.backward()
print(loss)
print(logits.grad)
p = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
F.mse_loss(p, torch.tensor([0.0, 2.0, 1.0])).backward()
print(p.grad)
x = torch.tensor([[1.0, 2.0, 4.0]], requires_grad=True)
w = torch.tensor([1.0, 0.5, 2.0], requires_grad=True)
y = F.layer_norm(x, (3,), weight=w)
(y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(x.grad)
print(w.grad)
