# Module attribute registration: setattr of Parameters/Modules/tensors, register_parameter(None), delattr, apply, zero_grad.
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Parameter(torch.ones(2))
        self.register_parameter("b", None)
        self.plain = torch.zeros(2)
        self.sub = nn.Linear(1, 1)

m = M()
print([n for n, _ in m.named_parameters()], m.b)
m.c = nn.Parameter(torch.zeros(1))
print([n for n, _ in m.named_parameters()])
del m.c
print([n for n, _ in m.named_parameters()], hasattr(m, "c"))
print(list(m.state_dict().keys()))
names = []
m.apply(lambda mod: names.append(type(mod).__name__))
print(names)
(m.a * 3).sum().backward()
print(m.a.grad)
m.zero_grad()
print(m.a.grad)
print([n for n, _ in m.named_parameters(prefix="model")])
try:
    m.sub = "oops"
except TypeError as e:
    print("TypeError:", e)
