# Uncaught error: in-place update of a leaf tensor that requires grad outside no_grad.
import torch

w = torch.zeros(3, requires_grad=True)
for step in range(2):
    loss = ((w - 1.0) ** 2).sum()
    loss.backward()
    with torch.no_grad():
        w.sub_(0.1 * w.grad)
    w.grad = None
    print(step, w)
w.sub_(0.1)
