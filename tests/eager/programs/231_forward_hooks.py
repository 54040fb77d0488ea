# register_forward_hook and register_forward_pre_hook: inspecting and modifying inputs/outputs; removing hooks.
import torch
import torch.nn as nn

lin = nn.Linear(2, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
    lin.bias.zero_()
log = []

def pre(module, args):
    log.append(("pre", type(module).__name__, args[0].tolist()))
    return (args[0] * 2,)

def post(module, args, output):
    log.append(("post", output.tolist()))
    return output + 100

h1 = lin.register_forward_pre_hook(pre)
h2 = lin.register_forward_hook(post)
print(lin(torch.tensor([[1.0, 1.0]])))
print(log)
h1.remove()
print(lin(torch.tensor([[1.0, 1.0]])))
h2.remove()
print(lin(torch.tensor([[1.0, 1.0]])))
acts = {}
model = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
with torch.no_grad():
    model[0].weight.copy_(torch.tensor([[1.0, -1.0], [-1.0, 1.0]]))
    model[0].bias.zero_()

def make_hook(name):
    def hook(mod, inputs, output):
        acts[name] = output.detach()
    return hook

for name, m in model.named_children():
    m.register_forward_hook(make_hook(name))
model(torch.tensor([[3.0, 1.0]]))
print(acts)
