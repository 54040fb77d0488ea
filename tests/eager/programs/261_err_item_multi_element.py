# Uncaught error: .item() on a tensor with more than one element.
import torch

losses = torch.tensor([0.5, 0.25, 0.125])
history = []
for l in losses:
    history.append(l.item())
print(history, losses.sum().item())
print(losses.mean().item())
print(losses.item())
