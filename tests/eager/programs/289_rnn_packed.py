# RNN, LSTM and GRU on PackedSequence input: packed output, final hidden states per sequence, unsorted batches, h0.
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pack_sequence, pad_packed_sequence


def fill(module):
    with torch.no_grad():
        for i, p in enumerate(module.parameters()):
            p.copy_((torch.arange(p.numel()).float() * 0.7 + i).sin().reshape(p.shape) * 0.5)
    return module


seqs = [(torch.arange(12.).reshape(4, 3) * 0.37).cos(), (torch.arange(6.).reshape(2, 3) * 0.5).sin(),
        (torch.arange(9.).reshape(3, 3) * 0.21).cos()]
packed = pack_sequence(seqs, enforce_sorted=False)
for module in [nn.RNN(3, 2), nn.GRU(3, 2, bidirectional=True), nn.LSTM(3, 2, num_layers=2),
               nn.LSTM(3, 3, bidirectional=True, proj_size=2)]:
    module = fill(module)
    with torch.no_grad():
        out, hidden = module(packed)
    print(type(out).__name__, out.batch_sizes, out.sorted_indices, out.unsorted_indices)
    print(out.data)
    print(hidden)
    padded, lengths = pad_packed_sequence(out, batch_first=True)
    print(padded[2], lengths)
gru = fill(nn.GRU(3, 2, batch_first=True))
batch = torch.stack([seqs[0], torch.cat([seqs[2], torch.zeros(1, 3)])])
with torch.no_grad():
    out, h = gru(pack_padded_sequence(batch, [4, 3], batch_first=True))
    print(h, pad_packed_sequence(out, batch_first=True)[0][1])
    out, h = gru(pack_padded_sequence(batch, [3, 4], batch_first=True, enforce_sorted=False),
                 torch.tensor([[[0.5, -0.5], [0.25, 1.0]]]))
    print(h)
lstm = fill(nn.LSTM(3, 2))
out, (h, c) = lstm(packed)
(out.data.sum() + c.sum()).backward()
print(lstm.weight_hh_l0.grad, lstm.bias_ih_l0.grad)
