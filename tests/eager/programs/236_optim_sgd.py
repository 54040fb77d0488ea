# SGD steps: plain, momentum, weight_decay, dampening and nesterov, printing parameters after each step.
import torch

def run(**kw):
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1, **kw)
    out = []
    for step in range(3):
        opt.zero_grad()
        loss = (w ** 2).sum() + w[0] * 3
        loss.backward()
        opt.step()
        out.append([round(v, 6) for v in w.tolist()])
    return out

print("plain", run())
print("momentum", run(momentum=0.9))
print("weight_decay", run(weight_decay=0.5))
print("nesterov", run(momentum=0.9, nesterov=True))
print("dampening", run(momentum=0.5, dampening=0.5))
print("maximize", run(maximize=True))
opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.01, momentum=0.9)
print(opt)
