"""torch.cond and torch.ops.higher_order.cond (PyTorch's torch/_higher_order_ops/cond.py).

torch.cond(pred, true_fn, false_fn, operands) calls true_fn(*operands) when
pred holds, else false_fn(*operands). Under torch.compile the tracer captures
both branches as subgraphs and records one cond node (see
reference_compiler/dynamo/higher_order_ops.cpp); this file is what runs
eagerly: torch.cond outside compiled code, and the cond node of a graph, whose
branches are GraphModules returning tuples.

Eagerly, PyTorch 2.14 compiles a wrapper around the op with the eager backend
(so a branch mismatch is found before either runs); refc runs the chosen
branch directly, so only the predicate and operands are checked."""

import sys

import torch
from torch._ops import HigherOrderOperator


def _is_operand(v):
    return isinstance(v, (torch.Tensor, int, torch.SymInt))


class CondOp(HigherOrderOperator):
    def __init__(self):
        super().__init__("cond")

    def impl(self, pred, true_fn, false_fn, operands):
        if not isinstance(operands, (tuple, list)) or not all(_is_operand(v) for v in operands):
            raise RuntimeError(f"Cond operands must be a list or tuple of tensors and SymInts {operands}")
        if pred:
            return true_fn(*operands)
        return false_fn(*operands)


cond_op = CondOp()


def _tensor_leaves_only(v):
    if isinstance(v, (tuple, list)):
        return all(_tensor_leaves_only(item) for item in v)
    if isinstance(v, dict):
        return all(_tensor_leaves_only(item) for item in v.values())
    return isinstance(v, torch.Tensor)


def cond(pred, true_fn, false_fn, operands=()):
    """Conditionally applies true_fn or false_fn to operands (a tuple or list of tensors)."""
    if isinstance(pred, (bool, int, float)):
        return true_fn(*operands) if pred else false_fn(*operands)
    if not isinstance(pred, (bool, torch.Tensor, torch.SymBool)):
        raise RuntimeError(f"Expected pred to be bool or tensor, but got {pred}.")
    if isinstance(pred, torch.Tensor) and pred.numel() != 1:
        raise RuntimeError(f"Expected pred to be bool or single-element tensor, but got {pred}.")
    if not callable(true_fn) or not callable(false_fn):
        raise RuntimeError("Expect both branches to be callable.")
    if not isinstance(operands, (tuple, list)) or not _tensor_leaves_only(operands):
        raise RuntimeError("Expect operands to be a tuple of possibly nested dict/list/tuple that only "
                           f"consists of tensor leaves, but got {operands}.")
    return cond_op(pred, true_fn, false_fn, operands)


# What PyTorch's warnings.warn prints (once) when a traced torch.cond has a
# Python constant predicate; the location is that of PyTorch's call.
_CONSTANT_PRED_WARNING = (
    "torch/_dynamo/variables/higher_order_ops.py:2416: UserWarning: Pred is a Python constant. When used with "
    "torch.cond, it specializes on one of the branches. If you want torch.cond to preserve two branches, please "
    "make the predicate a boolean tensor or a SymBool.\n"
    "  warnings.warn(\n"
)
_constant_pred_warned = False


def _warn_constant_pred():
    global _constant_pred_warned
    if not _constant_pred_warned:
        _constant_pred_warned = True
        sys.stderr.write(_CONSTANT_PRED_WARNING)
