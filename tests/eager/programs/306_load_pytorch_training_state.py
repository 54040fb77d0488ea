# torch.load of a model state_dict, optimizer state_dicts and a whole nn.Module PyTorch 2.14 wrote, loaded into a model and optimizers.
import torch
import torch.nn as nn

data = "../data/pytorch/"
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.BatchNorm1d(4), nn.Linear(4, 2))
state = torch.load(data + "model_state.pt")
print(type(state).__name__, [(k, v.dtype, tuple(v.shape)) for k, v in state.items()])
print(model.load_state_dict(state))
print(model[2].num_batches_tracked, model[2].running_mean)
model.eval()
x = torch.linspace(-1, 1, 6).reshape(2, 3)
print(model(x))
optimizers = torch.load(data + "optimizer_state.pt")
for name, make in (("adam", torch.optim.Adam), ("sgd", torch.optim.SGD)):
    saved = optimizers[name]
    print(name, sorted(saved["state"].keys()), sorted(saved["state"][0].keys()))
    print({k: v for k, v in saved["param_groups"][0].items() if k != "params"})
    net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.BatchNorm1d(4), nn.Linear(4, 2))
    net.load_state_dict(state)
    opt = make(net.parameters(), lr=1.0)
    opt.load_state_dict(saved)
    print(opt.param_groups[0]["lr"], opt.state[net[0].weight].keys())
    print(opt.state[net[3].bias])
whole = torch.load(data + "whole_module.pt", weights_only=False)
print(whole, whole.training, type(whole[0].weight).__name__)
whole.eval()
print(whole(x))
