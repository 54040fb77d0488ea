"""Argument normalisers shared by the conv and pooling layers, after
torch/nn/modules/utils.py: _pair(3) == (3, 3), _pair((1, 2)) == (1, 2)."""

from itertools import repeat

__all__ = []


def _ntuple(n, name='parse'):
    def parse(x):
        if isinstance(x, (list, tuple)):
            return tuple(x)
        return tuple(repeat(x, n))
    parse.__name__ = name
    return parse


_single = _ntuple(1, '_single')
_pair = _ntuple(2, '_pair')
_triple = _ntuple(3, '_triple')
_quadruple = _ntuple(4, '_quadruple')


def _reverse_repeat_tuple(t, n):
    """Reverses the order of `t` and repeats each element `n` times:
    (1, 2) with n=2 gives (2, 2, 1, 1), the padding order F.pad expects."""
    return tuple(x for x in reversed(t) for _ in range(n))


def _list_with_default(out_size, defaults):
    if isinstance(out_size, int):
        return out_size
    if len(defaults) <= len(out_size):
        raise ValueError(f'Input dimension should be at least {len(out_size) + 1}')
    return [v if v is not None else d for v, d in zip(out_size, defaults[-len(out_size):])]
