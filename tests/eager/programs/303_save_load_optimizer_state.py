# torch.save of SGD (momentum) and Adam state_dicts: a new optimizer that loads the saved state takes the same next step.
import os
import torch
import torch.nn as nn


def make_model():
    model = nn.Linear(2, 2)
    with torch.no_grad():
        model.weight.copy_(torch.tensor([[0.5, -0.25], [1.0, 0.75]]))
        model.bias.copy_(torch.tensor([0.125, -0.5]))
    return model


def step(model, opt):
    opt.zero_grad()
    model(torch.tensor([[1.0, 2.0], [-1.0, 0.5]])).pow(2).sum().backward()
    opt.step()


path = "_303_optimizer.pt"
for make_opt in (lambda ps: torch.optim.SGD(ps, lr=0.0625, momentum=0.5),
                 lambda ps: torch.optim.Adam(ps, lr=0.0625)):
    model = make_model()
    opt = make_opt(model.parameters())
    step(model, opt)
    torch.save({"model": model.state_dict(), "optimizer": opt.state_dict()}, path)
    checkpoint = torch.load(path)
    saved = checkpoint["optimizer"]
    print(type(opt).__name__, sorted(saved["state"].keys()), sorted(saved["state"][0].keys()))
    print({k: v for k, v in saved["param_groups"][0].items() if k != "params"}, saved["param_groups"][0]["params"])
    resumed = make_model()
    resumed.load_state_dict(checkpoint["model"])
    resumed_opt = make_opt(resumed.parameters())
    resumed_opt.load_state_dict(saved)
    step(model, opt)
    step(resumed, resumed_opt)
    print(resumed.weight, resumed.bias)
    print(torch.allclose(resumed.weight, model.weight), torch.allclose(resumed.bias, model.bias))
os.remove(path)
