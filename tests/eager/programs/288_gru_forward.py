# nn.GRU forward: layers, bidirectional, batch_first, h0, bias=False, unbatched 2-D input; dropout has no effect in eval.
import torch
import torch.nn as nn


def fill(module):
    with torch.no_grad():
        for i, p in enumerate(module.parameters()):
            p.copy_((torch.arange(p.numel()).float() * 0.7 + i).sin().reshape(p.shape) * 0.5)
    return module


x = (torch.arange(24.).reshape(4, 2, 3) * 0.37).cos()
for kwargs in [{}, {'num_layers': 2}, {'bidirectional': True}, {'bias': False},
               {'num_layers': 3, 'bidirectional': True, 'dropout': 0.5}]:
    gru = fill(nn.GRU(3, 4, **kwargs)).eval()
    out, h = gru(x)
    print(kwargs, out.shape, h.shape)
    print(out.detach()[-1])
    print(h.detach())
gru = fill(nn.GRU(3, 4, batch_first=True))
h0 = (torch.arange(8.).reshape(1, 2, 4) - 4) / 8
out, h = gru(x.transpose(0, 1), h0)
print(out.shape, out.detach()[1], h.detach())
out, h = gru(x[:, 0])
print(out.shape, h.shape, out.detach(), h.detach())
out, h = gru(x[:, 0], h0[:, 0])
print(h.detach())
with torch.no_grad():
    out, h = fill(nn.GRU(3, 2, 2, batch_first=True, bidirectional=True))(x)
print(out[:, -1], h)
