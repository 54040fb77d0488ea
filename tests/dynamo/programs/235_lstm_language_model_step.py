# A compiled LSTM language-model training step (Embedding-LSTM-Linear, backend="eager") matches eager losses and grads.
import torch
import torch.nn as nn
import torch.nn.functional as F


class LanguageModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(7, 4)
        self.lstm = nn.LSTM(4, 5, num_layers=2, batch_first=True)
        self.head = nn.Linear(5, 7)
        with torch.no_grad():
            for i, p in enumerate(self.parameters()):
                p.copy_((torch.arange(p.numel()).float() * 0.7 + i).sin().reshape(p.shape) * 0.5)

    def forward(self, tokens):
        out, _ = self.lstm(self.embed(tokens))
        return self.head(out)


def train_step(model, opt, inputs, targets):
    loss = F.cross_entropy(model(inputs).reshape(-1, 7), targets.reshape(-1))
    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    return loss


text = torch.tensor([(2 * i + i // 3) % 7 for i in range(25)])
inputs, targets = text[:-1].reshape(2, 12), text[1:].reshape(2, 12)
eager_model, compiled_model = LanguageModel(), LanguageModel()
eager_opt, compiled_opt = (torch.optim.Adam(m.parameters(), lr=0.05) for m in (eager_model, compiled_model))
compiled_step = torch.compile(train_step, backend="eager")
for step in range(4):
    eager_loss = train_step(eager_model, eager_opt, inputs, targets)
    compiled_loss = compiled_step(compiled_model, compiled_opt, inputs, targets)
    eager_opt.step(), compiled_opt.step()
    print(step, f'{eager_loss.item():.5g}', f'{compiled_loss.item():.5g}', torch.allclose(eager_loss, compiled_loss))
print(all(torch.allclose(a, b, atol=1e-6) for a, b in zip(eager_model.parameters(), compiled_model.parameters())))
