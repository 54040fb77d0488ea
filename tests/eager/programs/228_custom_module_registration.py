# A custom Module with parameters, a buffer and submodules; listing parameters, buffers, children and modules.
import torch
import torch.nn as nn

class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.scale = nn.Parameter(torch.ones(dim))
        self.register_buffer("steps", torch.zeros((), dtype=torch.int64))
        self.register_buffer("cache", torch.zeros(dim), persistent=False)

    def forward(self, x):
        self.steps += 1
        return self.proj(x) * self.scale

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = Block(2)
        self.second = Block(2)
        self.head = nn.Linear(2, 1, bias=False)

    def forward(self, x):
        return self.head(self.second(self.first(x)))

net = Net()
print([n for n, _ in net.named_parameters()])
print([n for n, _ in net.named_buffers()])
print([n for n, _ in net.named_children()])
print([n for n, _ in net.named_modules()])
print(len(list(net.parameters())), len(list(net.buffers())), len(list(net.children())), len(list(net.modules())))
for p in net.parameters():
    with torch.no_grad():
        p.fill_(0.5)
print(net(torch.tensor([[1.0, 2.0]])))
print(net.first.steps, net.second.steps)
print(net)
