# a compiled training step that saves a state_dict checkpoint mid-step: break, resume, and the checkpoint loads back
import os
import torch
import torch.nn as nn

model = nn.Linear(2, 1)
with torch.no_grad():
    model.weight.copy_(torch.tensor([[0.5, -0.25]]))
    model.bias.fill_(0.125)
opt = torch.optim.SGD(model.parameters(), lr=0.125)


@torch.compile(backend="eager")
def step(x, target):
    loss = (model(x) - target).pow(2).mean()
    torch.save({"weight": model.weight.detach(), "loss": loss.detach()}, "_234_checkpoint.pt")
    return loss * 1


x = torch.tensor([[1.0, 2.0], [-1.0, 0.5]])
for i in range(2):
    opt.zero_grad()
    loss = step(x, torch.tensor([[1.0], [0.0]]))
    loss.backward()
    opt.step()
    ckpt = torch.load("_234_checkpoint.pt")
    print(i, loss, ckpt["loss"], ckpt["weight"])
print(model.weight, model.bias)
os.remove("_234_checkpoint.pt")
