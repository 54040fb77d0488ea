# parameters: in-place updates reuse the graph, turning requires_grad off recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()
lin = torch.nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1.0, 2.0]]))
    lin.bias.fill_(0.5)
opt = torch.compile(lin, backend=cnt, dynamic=False)
x = torch.tensor([[1.0, 1.0]])
print(opt(x))
with torch.no_grad():
    lin.weight.mul_(2)
print(opt(x))
print(cnt.frame_count)
lin.weight.requires_grad_(False)
print(opt(x))
print(cnt.frame_count)
