"""torch._decomp: the decomposition tables AOT Autograd traces with.

Each table is a dict {torch.ops.aten.<op>.<overload>: decomposition}; a
decomposition is callable like the op and returns NotImplemented for inputs
it does not handle. The entries are refc's built-in decompositions
(reference_compiler/aot/decompositions.def), each in the tables 2.14 puts it
in; tables may be extended with Python functions, which AOT Autograd calls
with the op's arguments while it traces."""

import torch._C._aot as _aot


def core_aten_decompositions():
    """The decompositions to PyTorch's core ATen op set."""
    return _aot.decomposition_table(_aot.CORE)


def _all_decompositions():
    return _aot.decomposition_table(_aot.CORE | _aot.INDUCTOR)


def get_decompositions(aten_ops, type=None):
    """The built-in decompositions of `aten_ops`: overloads, or packets
    (torch.ops.aten.gelu) standing for all their overloads."""
    table = _all_decompositions()
    wanted = []
    for op in aten_ops:
        if hasattr(op, "overloads"):  # a packet
            wanted.extend(getattr(op, name) for name in op.overloads())
        else:
            wanted.append(op)
    return {op: table[op] for op in wanted if op in table}


decomposition_table = _all_decompositions()
