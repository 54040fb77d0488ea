# Uncaught error: an LSTM fed embeddings whose size is not its input_size.
import torch
import torch.nn as nn

embed = nn.Embedding(10, 6)
lstm = nn.LSTM(8, 4, batch_first=True)
print(lstm)
tokens = torch.tensor([[1, 2, 3], [4, 5, 6]])
vectors = embed(tokens)
print(vectors.shape, lstm.input_size)
out, (h, c) = lstm(vectors)
print("unreachable")
