# Training parity: a bidirectional GRU classifier on packed variable-length sequences, SGD with momentum, clip_grad_value_ (4 digits).
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.rnn import pack_sequence


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(2, 6, bidirectional=True)
        self.out = nn.Linear(12, 3)

    def forward(self, packed):
        _, h = self.gru(packed)
        return self.out(torch.cat([h[0], h[1]], -1))


torch.manual_seed(0)
model = Classifier()
lengths = [3, 5, 2, 4, 6, 1]
seqs = [torch.stack([torch.linspace(-1, 1, n) * (k + 1) / 3, torch.linspace(0, 1, n).cos()], 1) for k, n in enumerate(lengths)]
labels = torch.tensor([0, 1, 2, 0, 1, 2])
opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
for step in range(30):
    loss = F.cross_entropy(model(pack_sequence(seqs, enforce_sorted=False)), labels)
    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_value_(model.parameters(), 0.5)
    opt.step()
    print(step, f'{loss.item():.4g}')
with torch.no_grad():
    print(model(pack_sequence(seqs, enforce_sorted=False)).argmax(-1))
