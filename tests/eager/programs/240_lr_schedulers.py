# StepLR, ExponentialLR, LambdaLR, MultiStepLR and CosineAnnealingLR: get_last_lr() over epochs.
import math
import torch

def trace(make, epochs=6):
    p = torch.zeros(1, requires_grad=True)
    opt = torch.optim.SGD([p], lr=0.1)
    sched = make(opt)
    lrs = []
    for _ in range(epochs):
        lrs.append(round(sched.get_last_lr()[0], 8) + 0.0)
        opt.step()
        sched.step()
    return lrs

print("step", trace(lambda o: torch.optim.lr_scheduler.StepLR(o, step_size=2, gamma=0.5)))
print("exp", trace(lambda o: torch.optim.lr_scheduler.ExponentialLR(o, gamma=0.9)))
print("lambda", trace(lambda o: torch.optim.lr_scheduler.LambdaLR(o, lambda e: 1.0 / (e + 1))))
print("multistep", trace(lambda o: torch.optim.lr_scheduler.MultiStepLR(o, milestones=[1, 4], gamma=0.1)))
print("cosine", trace(lambda o: torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=4)))
p = torch.zeros(1, requires_grad=True)
opt = torch.optim.SGD([p], lr=1.0)
s = torch.optim.lr_scheduler.StepLR(opt, 1, gamma=0.5)
opt.step()
s.step()
print(s.get_last_lr(), opt.param_groups[0]["lr"], s.last_epoch)
