# pack_sequence, unpack_sequence, unpad_sequence and invert_permutation, with sorted and unsorted batches and gradients.
import torch
from torch.nn.utils.rnn import (invert_permutation, pack_sequence, pad_packed_sequence, pad_sequence,
                                unpack_sequence, unpad_sequence)

a = torch.tensor([1, 2, 3])
b = torch.tensor([4, 5])
c = torch.tensor([6])
print(pack_sequence([a, b, c]))
print(pack_sequence([b, c, a], enforce_sorted=False))
print(unpack_sequence(pack_sequence([b, c, a], enforce_sorted=False)))
print(pack_sequence([b, a * 2, b * 3, c, a * 4], enforce_sorted=False))
try:
    pack_sequence([b, a])
except RuntimeError as e:
    print('RuntimeError:', e)
x = torch.arange(6.).reshape(3, 2)
y = torch.arange(2.).reshape(1, 2) + 10
z = torch.arange(4.).reshape(2, 2) + 20
packed = pack_sequence([x, y, z], enforce_sorted=False)
print(packed.data, packed.batch_sizes, packed.sorted_indices, packed.unsorted_indices)
padded, lengths = pad_packed_sequence(packed, batch_first=True)
print(padded, lengths)
print(unpad_sequence(padded, lengths, batch_first=True))
print(unpad_sequence(pad_sequence([a, b, c]), torch.tensor([3, 2, 1])))
print(invert_permutation(torch.tensor([2, 0, 3, 1])), invert_permutation(None))
w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
v = torch.tensor([[5.0, 6.0]], requires_grad=True)
pk = pack_sequence([v, w], enforce_sorted=False)
(pk.data * torch.arange(1.0, 7.0).reshape(3, 2)).sum().backward()
print(pk.data.detach(), w.grad, v.grad)
