# nn.ModuleList and nn.ModuleDict: registration, repr, append/extend, indexing, keys/items.
import torch
import torch.nn as nn

layers = nn.ModuleList([nn.Linear(2, 2) for _ in range(2)])
layers.append(nn.Tanh())
layers.extend([nn.Identity()])
print(layers)
print(len(layers), type(layers[-1]).__name__)
acts = nn.ModuleDict({"relu": nn.ReLU(), "sig": nn.Sigmoid()})
acts["tanh"] = nn.Tanh()
print(acts)
print(list(acts.keys()), "relu" in acts, len(acts))
x = torch.tensor([-1.0, 0.0, 2.0])
for k, m in acts.items():
    print(k, m(x))

class Holder(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(1, 1), nn.Linear(1, 1)])
        self.plain = [nn.Linear(1, 1)]

print([n for n, _ in Holder().named_parameters()])
