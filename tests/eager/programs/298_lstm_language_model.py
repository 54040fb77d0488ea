# Training parity: a small LSTM language model (Embedding-LSTM-Linear) trained with Adam and clip_grad_norm_, losses printed.
import torch
import torch.nn as nn
import torch.nn.functional as F


class LanguageModel(nn.Module):
    def __init__(self, vocab, embed, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocab, embed)
        self.lstm = nn.LSTM(embed, hidden, num_layers=2, batch_first=True, dropout=0.1)
        self.head = nn.Linear(hidden, vocab)

    def forward(self, tokens, state=None):
        out, state = self.lstm(self.embed(tokens), state)
        return self.head(out), state


torch.manual_seed(0)
model = LanguageModel(11, 6, 8)
print(model)
text = torch.tensor([(3 * i + i // 4) % 11 for i in range(65)])
inputs = text[:-1].reshape(4, 16)
targets = text[1:].reshape(4, 16)
opt = torch.optim.Adam(model.parameters(), lr=0.02)
for step in range(40):
    logits, _ = model(inputs)
    loss = F.cross_entropy(logits.reshape(-1, 11), targets.reshape(-1))
    opt.zero_grad()
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    print(step, f'{loss.item():.5g}', f'{norm.item():.4g}')
model.eval()
with torch.no_grad():
    tokens = torch.tensor([[3]])
    state = None
    generated = []
    for _ in range(12):
        logits, state = model(tokens, state)
        tokens = logits[:, -1].argmax(-1, keepdim=True)
        generated.append(tokens.item())
print(generated)
