# A manual gradient-descent loop on a quadratic: update under no_grad, zero the grad each step.
import torch

target = torch.tensor([3.0, -1.0])
x = torch.zeros(2, requires_grad=True)
for step in range(6):
    loss = ((x - target) ** 2).sum()
    loss.backward()
    with torch.no_grad():
        x -= 0.25 * x.grad
    print(step, round(loss.item(), 6), x.detach().tolist(), x.grad.tolist())
    x.grad.zero_()
print(x)
