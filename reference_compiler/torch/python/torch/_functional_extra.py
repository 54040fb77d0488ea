"""Functions PyTorch writes in Python in torch/functional.py on top of ATen
ops, ported line for line so that their argument handling and messages
match: einsum's variadic and sublist forms, block_diag's variadic form and
tensordot's forms of dims (over the registry ops einsum(equation, tensors),
block_diag(tensors) and tensordot(a, b, dims_a, dims_b)), unravel_index,
unique and unique_consecutive."""

import torch
import torch._C as _C


def _parse_subscript(n):
    if n is Ellipsis:
        return "..."
    if n >= 0 and n < 26:
        return chr(ord("A") + n)
    if n >= 26 and n < 52:
        return chr(ord("a") + n - 26)
    raise ValueError("einsum(): subscript in subscript list is not within the valid range [0, 52)")


def einsum(*args):
    """einsum(equation, *operands), einsum(equation, [operands]) or the
    sublist form einsum(op1, sublist1, op2, sublist2, ..., [sublist_out])."""
    if len(args) < 2:
        raise ValueError(
            "einsum(): must specify the equation string and at least one operand, "
            "or at least one operand and its subscripts list"
        )
    if isinstance(args[0], torch.Tensor):
        equation = ",".join("".join(_parse_subscript(s) for s in l) for l in args[1::2])
        if len(args) % 2 == 1:
            equation += "->" + "".join(_parse_subscript(s) for s in args[-1])
            operands = args[:-1:2]
        else:
            operands = args[::2]
    else:
        equation = args[0]
        operands = args[1:]
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        return einsum(equation, *operands[0])
    return _C.einsum(equation, list(operands))


def block_diag(*tensors):
    """The tensors as the blocks of a block-diagonal matrix."""
    return _C.block_diag(list(tensors))


def tensordot(a, b, dims=2, out=None):
    """Contracts the last `dims` dims of a with the first of b, or the dims
    listed in dims = (dims_a, dims_b)."""
    if not isinstance(dims, (tuple, list, torch.Tensor, int)):
        raise RuntimeError(
            "tensordot expects dims to be int or tuple[list[int], list[int]] or "
            f"list[list[int]] containing two lists, but got dims={dims}"
        )
    dims_a = []
    dims_b = []
    if isinstance(dims, (tuple, list)):
        dims_a, dims_b = dims
    if isinstance(dims, torch.Tensor):
        if dims.numel() > 1:
            if dims.size()[0] != 2:
                raise AssertionError(f"dims tensor must have size 2 in first dimension, got {dims.size()[0]}")
            dims_a = dims[0].tolist()
            dims_b = dims[1].tolist()
        else:
            dims_val = int(dims.item())
            if dims_val < 0:
                raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
            dims_a = list(range(-dims_val, 0))
            dims_b = list(range(dims_val))
    if isinstance(dims, int):
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        if dims > min(a.dim(), b.dim()):
            raise RuntimeError(f"tensordot expects dims < ndim_a or ndim_b, but got dims={dims}")
        dims_a = list(range(-dims, 0))
        dims_b = list(range(dims))
    if out is None:
        return _C.tensordot(a, b, dims_a, dims_b)
    return out.copy_(_C.tensordot(a, b, dims_a, dims_b))


def unravel_index(indices, shape):
    """The coordinates of flat `indices` in a tensor of `shape`, one tensor per dimension."""
    if indices.is_complex() or indices.is_floating_point() or indices.dtype == torch.bool:
        raise TypeError(f"expected 'indices' to be integer dtype, but got {indices.dtype}")
    if not isinstance(shape, (int, list, tuple)):
        raise TypeError(f"expected 'shape' to be int or sequence of ints, but got {type(shape)}")
    if isinstance(shape, int):
        shape = [shape]
    else:
        for dim in shape:
            if not isinstance(dim, int):
                raise TypeError(f"expected 'shape' sequence to only contain ints, but got {type(dim)}")
        shape = list(shape)
    if not all(dim >= 0 for dim in shape):
        raise ValueError(f"'shape' cannot have negative values, but got {tuple(shape)}")
    if not (all(dim > 0 for dim in shape) or indices.numel() == 0):
        raise ValueError(f"'shape' cannot have zero dimensions when 'indices' is non-empty, but got {tuple(shape)}")
    # coefs[i]: the product of the sizes after dimension i.
    coefs = [1] * len(shape)
    for i in range(len(shape) - 2, -1, -1):
        coefs[i] = coefs[i + 1] * shape[i + 1]
    res = indices.unsqueeze(-1).floor_divide(torch.tensor(coefs, dtype=torch.int64)) % torch.tensor(
        shape, dtype=torch.int64
    )
    return res.unbind(-1)


def _unique_result(output, inverse_indices, counts, return_inverse, return_counts):
    if return_inverse and return_counts:
        return output, inverse_indices, counts
    if return_inverse:
        return output, inverse_indices
    if return_counts:
        return output, counts
    return output


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """The unique elements (or slices along dim) of input, with the inverse
    indices and counts when asked for (torch/functional.py's _unique_impl)."""
    if dim is not None:
        output, inverse_indices, counts = _C.unique_dim(
            input, dim, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts
        )
    else:
        output, inverse_indices, counts = _C._unique2(
            input, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts
        )
    return _unique_result(output, inverse_indices, counts, return_inverse, return_counts)


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """Eliminates all but the first element of every run of equal elements
    (or slices along dim)."""
    output, inverse_indices, counts = torch.ops.aten.unique_consecutive(
        input, return_inverse=return_inverse, return_counts=return_counts, dim=dim
    )
    return _unique_result(output, inverse_indices, counts, return_inverse, return_counts)
