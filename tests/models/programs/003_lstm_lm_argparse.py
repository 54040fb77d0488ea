# an LSTM language model trained by a script that parses its options with argparse (defaults, types, choices, store_true), Adam, clip_grad_norm_, compiled with backend="eager", its metrics written with json
import argparse
import json
import math
import torch
import torch.nn as nn

parser = argparse.ArgumentParser(description="PyTorch LSTM language model")
parser.add_argument("--emsize", type=int, default=16, help="size of word embeddings")
parser.add_argument("--nhid", type=int, default=24, help="number of hidden units per layer")
parser.add_argument("--nlayers", type=int, default=2, help="number of layers")
parser.add_argument("--lr", type=float, default=0.01, help="initial learning rate")
parser.add_argument("--clip", type=float, default=0.25, help="gradient clipping")
parser.add_argument("--epochs", type=int, default=3, help="upper epoch limit")
parser.add_argument("--model", type=str, default="LSTM", choices=["LSTM", "GRU"], help="type of network")
parser.add_argument("--tied", action="store_true", help="tie the word embedding and softmax weights")
parser.add_argument("--seed", type=int, default=1111, help="random seed")
args = parser.parse_args(["--epochs", "4", "--tied", "--nhid", "16"])
print(args)


class RNNModel(nn.Module):
    def __init__(self, rnn_type, ntoken, ninp, nhid, nlayers, tie_weights=False):
        super().__init__()
        self.encoder = nn.Embedding(ntoken, ninp)
        self.rnn = getattr(nn, rnn_type)(ninp, nhid, nlayers, dropout=0.0)
        self.decoder = nn.Linear(nhid, ntoken)
        if tie_weights:
            self.decoder.weight = self.encoder.weight
        self.nhid, self.nlayers, self.rnn_type = nhid, nlayers, rnn_type

    def forward(self, input, hidden):
        emb = self.encoder(input)
        output, hidden = self.rnn(emb, hidden)
        return self.decoder(output).view(-1, self.decoder.out_features), hidden

    def init_hidden(self, bsz):
        weight = next(self.parameters())
        if self.rnn_type == "LSTM":
            return (weight.new_zeros(self.nlayers, bsz, self.nhid), weight.new_zeros(self.nlayers, bsz, self.nhid))
        return weight.new_zeros(self.nlayers, bsz, self.nhid)


def repackage_hidden(h):
    if isinstance(h, torch.Tensor):
        return h.detach()
    return tuple(repackage_hidden(v) for v in h)


torch.manual_seed(args.seed)
ntokens, bptt, bsz = 20, 5, 4
data = torch.randint(0, ntokens, (bptt * 6 + 1, bsz))
model = RNNModel(args.model, ntokens, args.emsize, args.nhid, args.nlayers, args.tied)
opt = torch.optim.Adam(model.parameters(), lr=args.lr)
criterion = nn.CrossEntropyLoss()
forward = torch.compile(model, backend="eager")
history = []
for epoch in range(1, args.epochs + 1):
    hidden = model.init_hidden(bsz)
    total = 0.0
    for i in range(0, data.size(0) - 1, bptt):
        inp, target = data[i:i + bptt], data[i + 1:i + 1 + bptt].reshape(-1)
        hidden = repackage_hidden(hidden)
        opt.zero_grad()
        output, hidden = forward(inp, hidden)
        loss = criterion(output, target)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
        opt.step()
        total += loss.item()
    cur = total / 6
    history.append({"epoch": epoch, "loss": round(cur, 4), "ppl": round(math.exp(cur), 2)})
    print("| epoch {:3d} | loss {:5.2f} | ppl {:8.2f}".format(epoch, cur, math.exp(cur)))
print(json.dumps(history, indent=2))
