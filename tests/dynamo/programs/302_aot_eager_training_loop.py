# aot_eager: three SGD steps of an Embedding-LayerNorm-gelu-Linear model with cross_entropy, losses and parameters bit for bit against eager
import copy
import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 8)
        self.ln = nn.LayerNorm(8)
        self.fc = nn.Linear(8, 10)

    def forward(self, idx, target):
        logits = self.fc(F.gelu(self.ln(self.emb(idx))))
        return F.cross_entropy(logits.view(-1, 10), target.view(-1))


def train(model, steps, idx, tgt):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for _ in range(steps):
        loss = model(idx, tgt)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses


torch.manual_seed(0)
m = Net()
m2 = copy.deepcopy(m)
idx = torch.randint(0, 10, (4, 5))
tgt = torch.randint(0, 10, (4, 5))
compiled = train(torch.compile(m, backend="aot_eager"), 3, idx, tgt)
eager = train(m2, 3, idx, tgt)
print(compiled, compiled == eager)
print(all(torch.equal(p, q) for p, q in zip(m.parameters(), m2.parameters())))
