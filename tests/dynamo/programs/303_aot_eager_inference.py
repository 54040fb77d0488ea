# aot_eager: without gradients there is one forward graph (arg0_1 inputs, class <lambda>); under no_grad and for inputs that need no grad
import torch

torch._logging.set_logs(aot_graphs=True)


def f(x, w):
    return torch.softmax(x @ w, dim=-1).amax(dim=0)


cf = torch.compile(f, backend="aot_eager")
x = torch.randn(3, 4)
w = torch.randn(4, 5)
print(torch.equal(cf(x, w), f(x, w)))
wg = w.clone().requires_grad_()
with torch.no_grad():
    out = cf(x, wg)
print(out.requires_grad, torch.equal(out, f(x, w)))
