# Gradients through nn.LSTM, nn.GRU and nn.RNN (layers, bidirectional, proj_size): weight, bias, input, h0 grads (3 decimals).
import torch
import torch.nn as nn


def fill(module):
    with torch.no_grad():
        for i, p in enumerate(module.parameters()):
            p.copy_((torch.arange(p.numel()).float() * 0.7 + i).sin().reshape(p.shape) * 0.5)
    return module


x = (torch.arange(18.).reshape(3, 2, 3) * 0.37).cos().requires_grad_()
for module in [nn.RNN(3, 2, 2), nn.GRU(3, 2, bidirectional=True), nn.LSTM(3, 2, 2, bidirectional=True),
               nn.LSTM(3, 3, proj_size=2, batch_first=True, dtype=torch.float64)]:
    module = fill(module)
    x.grad = None
    out = module(x.to(module.weight_ih_l0.dtype))
    loss = (out[0] * torch.arange(out[0].numel()).reshape(out[0].shape).float().sin()).sum()
    loss.backward()
    print(type(module).__name__, f'{loss.item():.4f}')
    for name, p in module.named_parameters():
        print(name, p.grad.float().round(decimals=3))
    print(x.grad.round(decimals=3))
lstm = fill(nn.LSTM(3, 2))
h0 = torch.full((1, 2, 2), 0.1, requires_grad=True)
c0 = torch.full((1, 2, 2), -0.2, requires_grad=True)
out, (h, c) = lstm(x, (h0, c0))
(h.sum() * 2 + c.sum()).backward()
print(h0.grad.round(decimals=3), c0.grad.round(decimals=3))
