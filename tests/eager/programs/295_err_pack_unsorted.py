# Uncaught error: pack_sequence of sequences not sorted by decreasing length, with enforce_sorted left True.
import torch
from torch.nn.utils.rnn import pack_sequence

a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, 4.0, 5.0])
print(pack_sequence([b, a]))
print(pack_sequence([a, b], enforce_sorted=False).sorted_indices)
packed = pack_sequence([a, b])
print("unreachable", packed)
