"""Argument normalisers shared by the conv and pooling layers, after
torch/nn/modules/utils.py: _pair(3) == (3, 3), _pair((1, 2)) == (1, 2);
and the weight and bias set-up shared by the layers that learn them."""

import math
from itertools import repeat
import torch
import torch.nn.init as init
from torch.nn.parameter import Parameter

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


# ---- parameters ----------------------------------------------------------------------------
# The layers register `weight` before `bias` (the order of parameters() and
# state_dict()) and register None for a parameter they do not have.

def _register_bias(module, bias, shape, factory_kwargs):
    """An uninitialised `bias` of `shape`, or None when `bias` is off."""
    if bias:
        module.bias = Parameter(torch.empty(shape, **factory_kwargs))
    else:
        module.register_parameter('bias', None)


def _register_affine(module, affine, bias, shape, factory_kwargs):
    """The normalisation layers' uninitialised `weight` and `bias` of `shape`,
    or None for both when `affine` is off."""
    if affine:
        module.weight = Parameter(torch.empty(shape, **factory_kwargs))
        _register_bias(module, bias, shape, factory_kwargs)
    else:
        module.register_parameter('weight', None)
        module.register_parameter('bias', None)


def _reset_affine(module):
    """A normalisation layer's affine parameters start as the identity: weight ones, bias zeros."""
    init.ones_(module.weight)
    if module.bias is not None:
        init.zeros_(module.bias)


def _reset_kaiming_uniform(module):
    """Linear's and the conv layers' initialisation: weight from kaiming_uniform_
    with a=sqrt(5), bias from uniform(-1/sqrt(fan_in), 1/sqrt(fan_in))."""
    init.kaiming_uniform_(module.weight, a=math.sqrt(5))
    if module.bias is not None:
        fan_in, _ = init._calculate_fan_in_and_fan_out(module.weight)
        bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
        init.uniform_(module.bias, -bound, bound)
