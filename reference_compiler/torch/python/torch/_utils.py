"""torch._utils for refc: the functions torch.save's pickles call to rebuild
tensors and parameters when torch.load runs them (their names are part of
the file format). _rebuild_tensor_v2 is native (torch._C._serialization);
a storage here is the (torch.UntypedStorage, dtype) pair torch.load makes
of a file's persistent id.
"""

from collections import OrderedDict
import torch
from torch._C._serialization import _rebuild_tensor_v2


def _rebuild_tensor(storage, storage_offset, size, stride):
    return _rebuild_tensor_v2(storage, storage_offset, size, stride, False, OrderedDict())


def _rebuild_parameter(data, requires_grad, backward_hooks):
    return torch.nn.Parameter(data, requires_grad)


def _rebuild_parameter_with_state(data, requires_grad, backward_hooks, state):
    param = torch.nn.Parameter(data, requires_grad)
    for name, value in state.items():
        setattr(param, name, value)
    return param
