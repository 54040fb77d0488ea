# Multiple param groups with their own lr, editing lr in param_groups, zero_grad(set_to_none) behaviour.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 1))
for p in model.parameters():
    with torch.no_grad():
        p.fill_(0.5)
opt = torch.optim.SGD([
    {"params": model[0].parameters()},
    {"params": model[1].parameters(), "lr": 0.01},
], lr=0.1, momentum=0.0)
print([g["lr"] for g in opt.param_groups], len(opt.param_groups[0]["params"]))
x = torch.tensor([[1.0, 2.0]])
model(x).sum().backward()
opt.step()
print(model[0].weight, model[1].weight)
opt.zero_grad()
print(model[0].weight.grad)
model(x).sum().backward()
opt.zero_grad(set_to_none=False)
print(model[0].weight.grad)
for g in opt.param_groups:
    g["lr"] = g["lr"] * 10
print([g["lr"] for g in opt.param_groups])
print(sorted(opt.param_groups[0].keys()))
opt.add_param_group({"params": [torch.zeros(1, requires_grad=True)], "lr": 5.0})
print([g["lr"] for g in opt.param_groups])
