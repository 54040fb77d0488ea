# Uncaught error: embedding lookup with an index past the table size.
import torch
import torch.nn as nn

vocab = {"<pad>": 0, "a": 1, "b": 2, "c": 3}
emb = nn.Embedding(len(vocab), 2)
print(emb(torch.tensor([vocab["a"], vocab["c"]])).shape)
tokens = ["a", "b", "d"]
ids = torch.tensor([vocab.get(t, len(vocab)) for t in tokens])
print(ids)
print(emb(ids))
