# Recurrent layers' and cells' error messages: wrong input size, hidden sizes, dims, dtype, constructor arguments.
import torch
import torch.nn as nn

x = torch.zeros(4, 2, 3)
cases = [
    lambda: nn.LSTM(3, 4)(torch.zeros(4, 2, 5)),
    lambda: nn.RNN(3, 4)(torch.zeros(4, 2, 5)),
    lambda: nn.GRU(3, 4, batch_first=True)(torch.zeros(2, 4, 2)),
    lambda: nn.RNN(3, 4)(x, torch.zeros(1, 3, 4)),
    lambda: nn.GRU(3, 4, 2)(x, torch.zeros(1, 2, 4)),
    lambda: nn.LSTM(3, 4)(x, (torch.zeros(1, 2, 3), torch.zeros(1, 2, 4))),
    lambda: nn.LSTM(3, 4)(x, (torch.zeros(1, 2, 4), torch.zeros(1, 2, 3))),
    lambda: nn.LSTM(3, 4, proj_size=2)(x, (torch.zeros(1, 2, 4), torch.zeros(1, 2, 4))),
    lambda: nn.LSTM(3, 4)(x, (torch.zeros(2, 4), torch.zeros(2, 4))),
    lambda: nn.LSTM(3, 4)(x[0], (torch.zeros(1, 2, 4), torch.zeros(1, 2, 4))),
    lambda: nn.RNN(3, 4)(x, torch.zeros(2, 4)),
    lambda: nn.GRU(3, 4)(x[0], torch.zeros(1, 1, 4)),
    lambda: nn.LSTM(3, 4)(torch.zeros(2, 2, 2, 3)),
    lambda: nn.RNN(3, 4)(torch.zeros(3)),
    lambda: nn.GRU(3, 4)(torch.zeros(2, 2, 2, 3)),
    lambda: nn.LSTM(3, 4)(x.double()),
    lambda: nn.GRU(3, 4, batch_first=True)(torch.zeros(2, 0, 3)),
    lambda: nn.RNNCell(3, 2)(torch.zeros(2, 4)),
    lambda: nn.GRUCell(3, 2)(torch.zeros(2, 3), torch.zeros(3, 2)),
    lambda: nn.LSTMCell(3, 2)(torch.zeros(2, 3), (torch.zeros(2, 2), torch.zeros(2, 5))),
    lambda: nn.LSTMCell(3, 2)(torch.zeros(2, 3), (torch.zeros(2, 3), torch.zeros(2, 2))),
    lambda: nn.RNNCell(3, 2)(torch.zeros(2, 2, 3)),
    lambda: nn.GRUCell(3, 2)(torch.zeros(3), torch.zeros(1, 1, 2)),
    lambda: nn.LSTMCell(3, 2)(torch.zeros(3), (torch.zeros(2), torch.zeros(1, 1, 2))),
    lambda: nn.RNN(3, 4, nonlinearity='sigmoid'),
    lambda: nn.GRU(3, 4, proj_size=2),
    lambda: nn.LSTM(3, 4, proj_size=4),
    lambda: nn.LSTM(3, 4, proj_size=-1),
    lambda: nn.LSTM(3, 0),
    lambda: nn.GRU(0, 4),
    lambda: nn.RNN(3, 4, num_layers=0),
    lambda: nn.LSTM(3, 4, 2, dropout=1.5),
    lambda: nn.LSTM(3, 4, bias=1),
    lambda: nn.GRU(3, 4, batch_first=None),
    lambda: nn.RNN(3.0, 4),
    lambda: nn.LSTM(3, 4.5),
]
for case in cases:
    try:
        case()
        print('no error')
    except (RuntimeError, ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
