# pack_padded_sequence / pad_packed_sequence: PackedSequence fields and repr, batch_first, unsorted lengths, total_length, errors.
import torch
from torch.nn.utils.rnn import PackedSequence, pack_padded_sequence, pad_packed_sequence

seq = torch.tensor([[1, 2, 3, 4], [5, 6, 0, 0], [7, 0, 0, 0]])
packed = pack_padded_sequence(seq, [4, 2, 1], batch_first=True)
print(packed)
print(type(packed).__name__, isinstance(packed, tuple), isinstance(packed, PackedSequence), len(packed))
data, batch_sizes, sorted_indices, unsorted_indices = packed
print(data, batch_sizes, sorted_indices, unsorted_indices)
print(pad_packed_sequence(packed, batch_first=True))
print(pad_packed_sequence(packed, padding_value=-1, total_length=6))
unsorted = pack_padded_sequence(torch.tensor([[1, 2, 0], [3, 0, 0], [4, 5, 6]]), torch.tensor([2, 1, 3]),
                                batch_first=True, enforce_sorted=False)
print(unsorted)
print(pad_packed_sequence(unsorted, batch_first=True))
x = torch.arange(24.).reshape(4, 3, 2)
p = pack_padded_sequence(x, [4, 3, 2])
print(p.data.shape, p.batch_sizes)
out, lengths = pad_packed_sequence(p)
print(out[:, 2], lengths, lengths.dtype)
print(PackedSequence(torch.tensor([1, 2, 3]), torch.tensor([2, 1]), torch.tensor([1, 0])))
print(PackedSequence((torch.tensor([1.0, 2.0]), torch.tensor([1, 1]))))
print(p.to(torch.float64).data.dtype, p.double().data.dtype, p.is_cuda, p.to(torch.float32) is p)
print(p.to('cpu') is p, p.to(torch.device('cpu'), torch.float64).data.dtype, p.to(p.data.int()).data.dtype)
for args, kwargs in [(([1],), {}), ((torch.int32,), {'copy': True})]:
    try:
        p.to(*args, **kwargs)
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__ + ':', e)
for args in [([[1, 2], [3, 4]], [1, 2]), ([[1, 2], [3, 4]], [2, 0]), ([[1, 2], [3, 4]], [2, 2, 2])]:
    try:
        pack_padded_sequence(torch.tensor(args[0]), args[1], batch_first=True)
    except RuntimeError as e:
        print('RuntimeError:', e)
try:
    pad_packed_sequence(packed, total_length=2)
except ValueError as e:
    print('ValueError:', e)
