# gradients through a compiled module equal eager gradients
import torch

lin = torch.nn.Linear(3, 1)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1.0, -1.0, 0.5]]))
    lin.bias.fill_(0.25)
opt = torch.compile(lin, backend="eager")
x = torch.tensor([[1.0, 2.0, 3.0], [0.0, 1.0, 0.0]])
loss = (opt(x) ** 2).sum()
loss.backward()
g_compiled = lin.weight.grad.clone()
lin.weight.grad = None
lin.bias.grad = None
(lin(x) ** 2).sum().backward()
print(loss)
print(g_compiled)
print(torch.equal(g_compiled, lin.weight.grad))
