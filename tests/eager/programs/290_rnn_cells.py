# RNNCell (tanh, relu), LSTMCell and GRUCell: batched and unbatched input, with and without a state, bias=False, a step loop.
import torch
import torch.nn as nn


def fill(module):
    with torch.no_grad():
        for i, p in enumerate(module.parameters()):
            p.copy_((torch.arange(p.numel()).float() * 0.7 + i).sin().reshape(p.shape) * 0.5)
    return module


x = (torch.arange(12.).reshape(4, 3) * 0.37).cos()
h = (torch.arange(8.).reshape(4, 2) - 4) / 8
with torch.no_grad():
    for cell in [nn.RNNCell(3, 2), nn.RNNCell(3, 2, nonlinearity='relu'), nn.RNNCell(3, 2, bias=False), nn.GRUCell(3, 2),
                 nn.GRUCell(3, 2, bias=False)]:
        cell = fill(cell)
        print(cell, cell(x), cell(x, h), cell(x[0]), cell(x[1], h[1]))
    lstm = fill(nn.LSTMCell(3, 2))
    print(lstm(x))
    print(lstm(x, (h, h * 2)))
    print(lstm(x[2]), lstm(x[2], (h[0], h[1])))
    print(fill(nn.LSTMCell(3, 2, bias=False))(x[:2]))
cell = fill(nn.LSTMCell(3, 2))
state = None
for t in range(4):
    state = cell(x[t:t + 1], state)
print(state[0].detach(), state[1].detach())
state[0].sum().backward()
print(cell.weight_ih.grad, cell.bias_hh.grad)
gru = fill(nn.GRUCell(3, 2))
hx = torch.zeros(1, 2)
for t in range(4):
    hx = gru(x[t:t + 1], hx)
hx.sum().backward()
print(hx.detach(), gru.weight_hh.grad)
with torch.no_grad():
    print(torch.equal(torch.gru_cell(x, h, gru.weight_ih, gru.weight_hh, gru.bias_ih, gru.bias_hh), gru(x, h)))
    print(torch.rnn_tanh_cell(x[:1], h[:1], gru.weight_ih[:2], gru.weight_hh[:2]), torch.lstm_cell(x[:1], (h[:1], h[:1]), cell.weight_ih, cell.weight_hh))
