# nn.LSTM forward: layers, bidirectional, batch_first, (h0, c0), bias=False, proj_size, unbatched 2-D input, float64.
import torch
import torch.nn as nn


def fill(module):
    with torch.no_grad():
        for i, p in enumerate(module.parameters()):
            p.copy_((torch.arange(p.numel()).to(p.dtype) * 0.7 + i).sin().reshape(p.shape) * 0.5)
    return module


x = (torch.arange(24.).reshape(4, 2, 3) * 0.37).cos()
# float64 for proj_size: PyTorch warns that its oneDNN float32 path cannot project.
for kwargs in [{}, {'num_layers': 2}, {'bidirectional': True}, {'proj_size': 2, 'dtype': torch.float64}, {'bias': False},
               {'num_layers': 2, 'bidirectional': True, 'proj_size': 3, 'dtype': torch.float64}]:
    lstm = fill(nn.LSTM(3, 4, **kwargs))
    out, (h, c) = lstm(x.to(lstm.weight_ih_l0.dtype))
    print(kwargs, out.shape, h.shape, c.shape)
    print(out.detach()[-1])
    print(h.detach(), c.detach())
lstm = fill(nn.LSTM(3, 4, batch_first=True))
h0 = (torch.arange(8.).reshape(1, 2, 4) - 4) / 8
c0 = torch.full((1, 2, 4), 0.25)
out, (h, c) = lstm(x.transpose(0, 1), (h0, c0))
print(out.shape, out.detach()[0], h.detach(), c.detach())
out, (h, c) = lstm(x[:, 1])
print(out.shape, h.shape, c.shape, out.detach()[-1], c.detach())
out, (h, c) = lstm(x[:, 1], (h0[:, 1], c0[:, 1]))
print(h.detach(), c.detach())
lstm64 = fill(nn.LSTM(3, 2, dtype=torch.float64))
out, (h, c) = lstm64(x.double())
print(out.dtype, h.detach(), c.detach())
out, h, c = torch.lstm(x, (h0[:, :1].expand(1, 2, 4), c0), [lstm.weight_ih_l0, lstm.weight_hh_l0, lstm.bias_ih_l0, lstm.bias_hh_l0], True, 1, 0.0, False, False, False)
print(out.detach()[-1], torch.gru is torch.gru, hasattr(torch, 'rnn_relu'))
