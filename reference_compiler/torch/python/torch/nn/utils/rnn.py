"""torch.nn.utils.rnn: PackedSequence and the functions that pad, pack and
unpack batches of variable-length sequences, after PyTorch's
torch/nn/utils/rnn.py (the kernels are torch._VF's).

PackedSequence is the named tuple (data, batch_sizes, sorted_indices,
unsorted_indices). refc classes cannot derive from a named tuple, so its
constructor (which fills unsorted_indices in from sorted_indices) and its
conversion methods are set on the named tuple class itself.
"""

from collections import namedtuple
import torch
from torch import _VF

__all__ = ['PackedSequence', 'invert_permutation', 'pack_padded_sequence', 'pad_packed_sequence', 'pad_sequence',
           'unpad_sequence', 'pack_sequence', 'unpack_sequence']


PackedSequence = namedtuple('PackedSequence', ['data', 'batch_sizes', 'sorted_indices', 'unsorted_indices'])
PackedSequence.__module__ = 'torch.nn.utils.rnn'
_namedtuple_new = PackedSequence.__new__


def _bind(optional, fn):
    if optional is None:
        return None
    return fn(optional)


def _packed_sequence_init_args(data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
    if unsorted_indices is None:
        unsorted_indices = invert_permutation(sorted_indices)
    if batch_sizes is not None:
        if batch_sizes.device.type != 'cpu':
            raise ValueError('batch_sizes should always be on CPU. Instances of PackedSequence should never be '
                             'created manually. They should be instantiated by functions like pack_sequence and '
                             'pack_padded_sequences in nn.utils.rnn. '
                             'https://pytorch.org/docs/stable/nn.html#torch.nn.utils.rnn.pack_sequence')
        return data, batch_sizes, sorted_indices, unsorted_indices
    # PackedSequence((data, batch_sizes), sorted_indices=...)
    if not (isinstance(data, (list, tuple)) and len(data) == 2):
        raise AssertionError('Expected data to be a list or tuple of length 2')
    return data[0], data[1], sorted_indices, unsorted_indices


def _packed_sequence_new(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
    return _namedtuple_new(cls, *_packed_sequence_init_args(data, batch_sizes, sorted_indices, unsorted_indices))


def _packed_to(self, *args, **kwargs):
    """Converts data (and the index tensors' device); returns self when data
    is unchanged."""
    data = self.data.to(*args, **kwargs)
    if data is self.data:
        return self
    # PyTorch then parses the arguments again with torch._C._nn._parse_to, which refuses copy.
    if 'copy' in kwargs or sum(1 for arg in args if isinstance(arg, bool)) > 1:
        raise RuntimeError('.to() does not accept copy argument')

    def call_to(t):
        return t.to(data.device)
    return type(self)(data, self.batch_sizes, _bind(self.sorted_indices, call_to),
                      _bind(self.unsorted_indices, call_to))


def _packed_converter(dtype):
    def convert(self):
        return self.to(dtype=dtype)
    return convert


PackedSequence.__new__ = _packed_sequence_new
PackedSequence.to = _packed_to
PackedSequence.cpu = lambda self, *args, **kwargs: self.to(*args, device='cpu', **kwargs)
PackedSequence.double = _packed_converter(torch.double)
PackedSequence.float = _packed_converter(torch.float)
PackedSequence.half = _packed_converter(torch.half)
PackedSequence.long = _packed_converter(torch.long)
PackedSequence.int = _packed_converter(torch.int)
PackedSequence.short = _packed_converter(torch.short)
PackedSequence.char = _packed_converter(torch.int8)
PackedSequence.byte = _packed_converter(torch.uint8)
PackedSequence.is_cuda = property(lambda self: self.data.is_cuda)
PackedSequence.is_pinned = lambda self: self.data.is_pinned()


def invert_permutation(permutation):
    """The inverse of a 1-D permutation tensor (None stays None)."""
    if permutation is None:
        return None
    output = torch.empty_like(permutation)
    output.scatter_(0, permutation, torch.arange(0, permutation.numel(), device=permutation.device))
    return output


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    """Packs a padded [T, B, *] ([B, T, *] with batch_first) batch;
    enforce_sorted=False sorts the sequences by decreasing length first."""
    if not isinstance(lengths, torch.Tensor):
        lengths = torch.as_tensor(lengths, dtype=torch.int64, device='cpu')
    else:
        lengths = lengths.to(dtype=torch.int64)
    if enforce_sorted:
        sorted_indices = None
    else:
        lengths, sorted_indices = torch.sort(lengths, descending=True)
        sorted_indices = sorted_indices.to(input.device)
        batch_dim = 0 if batch_first else 1
        input = input.index_select(batch_dim, sorted_indices)
    data, batch_sizes = _VF._pack_padded_sequence(input, lengths, batch_first)
    return PackedSequence(data, batch_sizes, sorted_indices, None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    """The inverse of pack_padded_sequence: (padded batch, lengths), in the
    batch's original order."""
    max_seq_length = sequence.batch_sizes.size(0)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError('Expected total_length to be at least the length of the longest sequence in input, '
                             f'but got total_length={total_length} and max sequence length being {max_seq_length}')
        max_seq_length = total_length
    padded_output, lengths = _VF._pad_packed_sequence(sequence.data, sequence.batch_sizes, batch_first,
                                                      padding_value, max_seq_length)
    unsorted_indices = sequence.unsorted_indices
    if unsorted_indices is not None:
        batch_dim = 0 if batch_first else 1
        return padded_output.index_select(batch_dim, unsorted_indices), lengths[unsorted_indices.cpu()]
    return padded_output, lengths


def _is_iterable(value):
    try:
        iter(value)
    except TypeError:
        return False
    return True


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side='right'):
    """Pads a list of [L_i, *] tensors to the longest and stacks them into
    [T, B, *] ([B, T, *] with batch_first)."""
    if not _is_iterable(sequences):
        raise RuntimeError('pad_sequence: Expected iterable for input sequences, but got arg of type: '
                           f'{type(sequences)}')
    return _VF.pad_sequence(tuple(sequences), batch_first, padding_value, padding_side)


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    """Splits a padded batch back into its list of sequences. (PyTorch
    transposes a [T, B, *] padded_sequences in place; refc has no in-place
    transpose_, so the caller's tensor keeps its layout.)"""
    unpadded_sequences = []
    if not batch_first:
        padded_sequences = padded_sequences.transpose(0, 1)
    max_length = padded_sequences.shape[1]
    idx = torch.arange(max_length, device=lengths.device)
    for seq, length in zip(padded_sequences, lengths):
        mask = idx < length
        unpadded_sequences.append(seq[mask])
    return unpadded_sequences


def pack_sequence(sequences, enforce_sorted=True):
    """pad_sequence followed by pack_padded_sequence."""
    lengths = torch.as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    """The list of sequences a PackedSequence holds, in their original order."""
    padded_sequences, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded_sequences, lengths, batch_first=True)
