# state_dict keys, values (including buffers), load_state_dict into a fresh model, and strict-mode errors.
import torch
import torch.nn as nn

def make():
    return nn.Sequential(nn.Linear(2, 3), nn.BatchNorm1d(3), nn.Linear(3, 1))

a = make()
with torch.no_grad():
    for i, p in enumerate(a.parameters()):
        p.copy_(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) / (i + 2))
sd = a.state_dict()
print(list(sd.keys()))
print(sd["0.weight"])
print(sd["1.num_batches_tracked"], sd["1.running_var"])
b = make()
result = b.load_state_dict(sd)
print(result)
print(torch.equal(b[0].weight, a[0].weight), torch.equal(b[2].bias, a[2].bias))
del sd["2.bias"]
try:
    b.load_state_dict(sd)
except RuntimeError as e:
    print("RuntimeError:", str(e).splitlines()[0])
print(b.load_state_dict(sd, strict=False))
