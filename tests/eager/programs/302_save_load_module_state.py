# torch.save of a module's state_dict (load_state_dict of the copy), Parameters, requires_grad, tensor attributes, a whole module.
import os
import torch
import torch.nn as nn


def make_model():
    return nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.BatchNorm1d(4), nn.Linear(4, 2))


model = make_model()
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) / (i + 2) - 1)
model[2].running_mean.fill_(0.5)
model[2].num_batches_tracked.fill_(3)
path = "_302_model.pt"
torch.save(model.state_dict(), path)
state = torch.load(path)
print(type(state).__name__, list(state.keys()))
for name, t in state.items():
    print(name, t.dtype, tuple(t.shape), t.requires_grad, type(t).__name__)
fresh = make_model()
print(fresh.load_state_dict(state))
fresh.eval()
model.eval()
x = torch.linspace(-1, 1, 6).reshape(2, 3)
print(fresh(x))
print(torch.equal(fresh(x), model(x)))
print(fresh[0].weight)
torch.save({"param": nn.Parameter(torch.tensor([1.0, 2.0])),
            "frozen": nn.Parameter(torch.tensor([3.0]), requires_grad=False),
            "leaf": torch.tensor([4.0], requires_grad=True)}, path)
params = torch.load(path)
for name, t in params.items():
    print(name, type(t).__name__, t.requires_grad, t.is_leaf, t)
tagged = torch.tensor([5.0, 6.0])
tagged.tag = "input"
param = nn.Parameter(torch.ones(2))
param.note = {"lr_scale": 0.5}
torch.save([tagged, param, tagged], path)
back = torch.load(path)
print(back[0].tag, back[1].note, back[0] is back[2], type(back[1]).__name__, back[1].requires_grad)
torch.save(model, path)
whole = torch.load(path, weights_only=False)
print(whole)
print(type(whole[3].bias).__name__, whole.training, torch.equal(whole(x), model(x)))
os.remove(path)
