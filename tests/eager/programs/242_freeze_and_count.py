# Freezing parameters with requires_grad_(False), counting trainable parameters, and gradients skipping frozen ones.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
total = sum(p.numel() for p in model.parameters())
for p in model[0].parameters():
    p.requires_grad_(False)
trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
print(total, trainable)
with torch.no_grad():
    for p in model.parameters():
        p.fill_(0.25)
model(torch.ones(1, 3)).sum().backward()
print(model[0].weight.grad, model[2].weight.grad)
model.requires_grad_(True)
print(all(p.requires_grad for p in model.parameters()))
print([n for n, p in model.named_parameters() if p.requires_grad])
