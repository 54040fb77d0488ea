# nn.RNN forward: tanh and relu, several layers, bidirectional, batch_first, h0, bias=False, unbatched 2-D input.
import torch
import torch.nn as nn


def fill(module):
    with torch.no_grad():
        for i, p in enumerate(module.parameters()):
            p.copy_((torch.arange(p.numel()).float() * 0.7 + i).sin().reshape(p.shape) * 0.5)
    return module


x = (torch.arange(24.).reshape(4, 2, 3) * 0.37).cos()
for kwargs in [{}, {'nonlinearity': 'relu'}, {'num_layers': 2}, {'bidirectional': True},
               {'num_layers': 2, 'bidirectional': True, 'bias': False}]:
    rnn = fill(nn.RNN(3, 4, **kwargs))
    out, h = rnn(x)
    print(kwargs, out.shape, h.shape)
    print(out.detach())
    print(h.detach())
rnn = fill(nn.RNN(3, 4, batch_first=True))
out, h = rnn(x.transpose(0, 1))
print(out.shape, out.detach()[1], h.detach())
h0 = (torch.arange(8.).reshape(1, 2, 4) - 4) / 8
out, h = rnn(x.transpose(0, 1), h0)
print(out.detach()[0], h.detach())
out, h = rnn(x[:, 0])
print(out.shape, h.shape, out.detach(), h.detach())
out2, h2 = rnn(x[:, 0], h0[:, 0])
print(out2.detach()[-1], h2.detach())
with torch.no_grad():
    print(fill(nn.RNN(3, 2, 2, nonlinearity='relu', bidirectional=True))(x)[1])
