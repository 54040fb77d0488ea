# a forward hook registered on a compiled module's inner module runs on every call
import torch

calls = []
lin = torch.nn.Linear(2, 2, bias=False)
with torch.no_grad():
    lin.weight.copy_(torch.eye(2))


def hook(mod, inputs, output):
    calls.append(1)
    return output * 10


lin.register_forward_hook(hook)
opt = torch.compile(lin, backend="eager")
print(opt(torch.tensor([[1.0, 2.0]])))
print(opt(torch.tensor([[3.0, 4.0]])))
print(len(calls))
