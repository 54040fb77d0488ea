# nn.LSTM/GRU/RNN break the graph (their frame runs eagerly) unless torch._dynamo.config.allow_rnn; frame counts.
import torch
import torch.nn as nn
import torch._dynamo.testing


class Tagger(nn.Module):
    def __init__(self, rnn):
        super().__init__()
        self.rnn = rnn
        self.head = nn.Linear(3, 2)

    def forward(self, x):
        out, _ = self.rnn(x * 2)
        return self.head(out).sum()


def step(model, x):
    return model(x) + 1


x = torch.ones(4, 1, 2)
for allow_rnn in [False, True]:
    torch._dynamo.config.allow_rnn = allow_rnn
    for rnn in [nn.LSTM(2, 3), nn.GRU(2, 3), nn.RNN(2, 3, nonlinearity='relu')]:
        torch._dynamo.reset()
        model = Tagger(rnn)
        counts = []
        for target in [model, model.rnn, lambda t: step(model, t)]:
            cnt = torch._dynamo.testing.CompileCounterWithBackend("eager")
            out = torch.compile(target, backend=cnt)(x)
            counts.append(cnt.frame_count)
        eager = step(model, x)
        print(allow_rnn, type(rnn).__name__, counts, torch.allclose(out, eager))
