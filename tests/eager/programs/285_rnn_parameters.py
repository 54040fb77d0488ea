# nn.RNN / nn.LSTM / nn.GRU and the cells: parameter names, shapes and order, all_weights, reprs, attributes.
import torch
import torch.nn as nn

modules = [nn.RNN(3, 4), nn.RNN(3, 4, 2, nonlinearity='relu', bias=False), nn.LSTM(3, 5, num_layers=2, bidirectional=True),
           nn.LSTM(3, 6, proj_size=2, batch_first=True), nn.LSTM(2, 4, 2, bias=False, proj_size=3, bidirectional=True),
           nn.GRU(4, 3, num_layers=3, dropout=0.25), nn.GRU(2, 2, batch_first=True, bidirectional=True, bias=False),
           nn.RNNCell(3, 2), nn.RNNCell(3, 2, bias=False, nonlinearity='relu'), nn.LSTMCell(4, 3), nn.GRUCell(2, 5, bias=False)]
for m in modules:
    print(m)
    print([(name, tuple(p.shape)) for name, p in m.named_parameters()])
m = nn.LSTM(3, 5, num_layers=2, bidirectional=True)
print(m.mode, m.input_size, m.hidden_size, m.num_layers, m.bias, m.batch_first, m.dropout, m.bidirectional, m.proj_size)
print(m._flat_weights_names)
print([[tuple(w.shape) for w in ws] for ws in m.all_weights])
print(list(m.state_dict().keys()))
print(nn.Sequential(nn.Embedding(10, 4), nn.GRU(4, 8, 2, batch_first=True)))
print(nn.RNN(3, 4).nonlinearity, nn.RNN(3, 4, 1, 'relu').mode, nn.GRU(4, 3, 2, True, True, 0.5, True))
print(nn.RNNCell(3, 2).nonlinearity, nn.GRUCell(2, 5).bias, nn.LSTMCell(4, 3).bias_ih.shape)
print(nn.LSTM(3, 5).flatten_parameters(), isinstance(m, nn.RNNBase), isinstance(nn.GRUCell(1, 1), nn.RNNCellBase))
print(nn.LSTM(2, 3, dtype=torch.float64).weight_ih_l0.dtype, nn.GRUCell(2, 3, dtype=torch.float64).weight_hh.dtype)
print(nn.modules.rnn.LSTM is nn.LSTM, nn.LSTM.__module__)
