# Default initialisation of the recurrent layers and cells after torch.manual_seed: PyTorch's draws, in parameter order.
import torch
import torch.nn as nn

torch.manual_seed(0)
lstm = nn.LSTM(3, 2, num_layers=2, bidirectional=True)
for name, p in lstm.named_parameters():
    print(name, p.detach())
torch.manual_seed(1)
gru = nn.GRU(2, 2, bias=False)
print(gru.weight_ih_l0.detach(), gru.weight_hh_l0.detach())
torch.manual_seed(2)
proj = nn.LSTM(2, 3, proj_size=1)
print([(name, p.detach()) for name, p in proj.named_parameters()])
torch.manual_seed(3)
rnn = nn.RNN(2, 3, nonlinearity='relu')
print(rnn.bias_hh_l0.detach(), torch.rand(2))
torch.manual_seed(4)
cells = [nn.RNNCell(2, 2), nn.LSTMCell(1, 1), nn.GRUCell(1, 2, bias=False)]
for cell in cells:
    print(cell, [p.detach() for p in cell.parameters()])
torch.manual_seed(5)
lstm = nn.LSTM(2, 4)
lstm.reset_parameters()
print(lstm.bias_hh_l0.detach(), lstm.weight_ih_l0.abs().max().item() <= 0.5)
torch.manual_seed(6)
model = nn.Sequential(nn.Embedding(5, 2), nn.GRU(2, 2, batch_first=True))
print(model[1].weight_hh_l0.detach(), model[0].weight.detach())
