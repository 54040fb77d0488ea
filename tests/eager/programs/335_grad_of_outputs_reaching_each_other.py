# autograd.grad / backward over several outputs where one output's graph reaches another's (logits and the loss computed from them), in either order
import torch
import torch.nn as nn
import torch.nn.functional as F

lin = nn.Linear(4, 5)
with torch.no_grad():
    lin.weight.copy_(torch.linspace(-1, 1, 20).view(5, 4))
    lin.bias.copy_(torch.linspace(0, 0.5, 5))
x = torch.linspace(-2, 2, 24).view(2, 3, 4)
y = torch.tensor([[0, 4, 2], [1, 3, 0]])
logits = lin(x)
loss = F.cross_entropy(logits.view(-1, 5), y.view(-1))
g = torch.autograd.grad([logits, loss], [lin.weight, lin.bias], [torch.ones_like(logits), torch.ones_like(loss)],
                        retain_graph=True)
print(g[0], g[1])
g2 = torch.autograd.grad([loss, logits], [lin.weight, lin.bias], [torch.ones_like(loss), torch.ones_like(logits)],
                         retain_graph=True)
print(all(torch.equal(a, b) for a, b in zip(g, g2)))
w = torch.linspace(-1, 1, 3).requires_grad_()
h = w.exp()
torch.autograd.backward([h.sum(), h], [torch.tensor(2.0), torch.ones_like(h)])
print(torch.allclose(w.grad, 3 * h), lin.weight.grad is None)
z = torch.linspace(0, 2, 3).requires_grad_()
a = z * 2
b = a.sin()
torch.autograd.backward([a, b], [torch.ones(3), torch.ones(3)])
print(torch.allclose(z.grad, 2 + 2 * a.cos()))
