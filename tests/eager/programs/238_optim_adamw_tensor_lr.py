# AdamW with decoupled weight decay, with lr as a float and as a tensor, compared over several steps.
import torch

def run(lr):
    w = torch.tensor([[0.5, -1.0], [2.0, 0.0]], requires_grad=True)
    opt = torch.optim.AdamW([w], lr=lr, weight_decay=0.1)
    for _ in range(5):
        opt.zero_grad()
        ((w - 1.0) ** 2).sum().backward()
        opt.step()
    return w.detach()

a = run(0.05)
b = run(torch.tensor(0.05))
print(a)
print(b)
print(torch.allclose(a, b))
opt = torch.optim.AdamW([torch.zeros(1, requires_grad=True)], lr=torch.tensor(0.01))
print(type(opt.param_groups[0]["lr"]).__name__, opt.param_groups[0]["weight_decay"], opt.param_groups[0]["betas"])
