"""Functions PyTorch writes in Python in torch/functional.py, ported so that
their argument handling and messages match: the variadic forms of
broadcast_tensors and meshgrid over the registry's Tensor[] ops, and
broadcast_shapes, which broadcasts shapes without making tensors (after
torch._refs._broadcast_shapes, which PyTorch's version calls), and the
variadic forms of atleast_1d/2d/3d."""

import sys
import torch
import torch._C as _C

__all__ = ['atleast_1d', 'atleast_2d', 'atleast_3d', 'broadcast_shapes', 'broadcast_tensors', 'meshgrid']


def broadcast_tensors(*tensors):
    """Expands the tensors to their common broadcast shape (views)."""
    return _C.broadcast_tensors(tensors)


def broadcast_shapes(*shapes):
    """The torch.Size that tensors of the given shapes (ints or sequences of
    ints) broadcast to."""
    shapes = [(s,) if isinstance(s, int) else s for s in shapes if s is not None]
    for shape in shapes:
        if not isinstance(shape, (tuple, list, str)):
            raise RuntimeError(f"Input shapes should be of type ints, a tuple of ints, or a list of ints, got {shape}")
    common = [1] * max((len(shape) for shape in shapes), default=0)
    for arg_index, shape in enumerate(shapes):
        for i in range(-1, -1 - len(shape), -1):
            if common[i] == 1:
                if shape[i] < 0:
                    raise ValueError("Attempting to broadcast a dimension with negative length!")
                common[i] = shape[i]
            elif shape[i] != 1 and common[i] != shape[i]:
                raise RuntimeError(
                    f"Attempting to broadcast a dimension of length {shape[i]} at {i}! "
                    f"Mismatching argument at index {arg_index} had {shape}; but expected shape "
                    f"should be broadcastable to {common}"
                )
    return torch.Size(common)


# PyTorch warns once (TORCH_WARN_ONCE in its C++ meshgrid) when indexing is
# left out; Python's warnings module shows it with the line of
# torch/functional.py that called into C++, as below (PyTorch prints that
# file's absolute path, which depends on the installation).
_MESHGRID_INDEXING_WARNING = (
    "torch/functional.py:504: UserWarning: torch.meshgrid: in an upcoming release, "
    "it will be required to pass the indexing argument. (Triggered internally at "
    "./aten/src/ATen/native/TensorShape.cpp:4221.)\n"
    "  return _VF.meshgrid(tensors, **kwargs)  # type: ignore[attr-defined]\n"
)
_meshgrid_warned = False


def meshgrid(*tensors, indexing=None):
    """Coordinate grids of 0-d or 1-d tensors, given as arguments or as one
    list; indexing is "ij" (matrix) or "xy" (Cartesian), "ij" when left out."""
    global _meshgrid_warned
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tensors[0]
    if indexing is not None:
        return _C.meshgrid(tensors, indexing=indexing)
    if not _meshgrid_warned:
        _meshgrid_warned = True
        sys.stderr.write(_MESHGRID_INDEXING_WARNING)
    return _C.meshgrid(tensors)


def cartesian_prod(*tensors):
    """The Cartesian product of 1-d tensors, one row per combination."""
    return _C.cartesian_prod(tensors)


def atleast_1d(*tensors):
    """Each tensor with at least one dim: one tensor, or a tuple of them for
    several arguments or one sequence."""
    if len(tensors) == 1:
        tensors = tensors[0]
    return _C.atleast_1d(tensors)


def atleast_2d(*tensors):
    """Each tensor with at least two dims (a 1-d one becomes a row)."""
    if len(tensors) == 1:
        tensors = tensors[0]
    return _C.atleast_2d(tensors)


def atleast_3d(*tensors):
    """Each tensor with at least three dims (NumPy's padding)."""
    if len(tensors) == 1:
        tensors = tensors[0]
    return _C.atleast_3d(tensors)
